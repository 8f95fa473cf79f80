import { createContext } from 'react';

/**
 * How much of a page the server renders (issue 40, decision 162): all of it, or the layout around a mark
 * and the page's content apart, to be joined. A tracking page's layout is the same for every parcel, so the
 * server renders it once per language and only the parcel's part for each code it has not kept.
 */
export type PagePart = 'whole' | 'layout' | 'content';

export const PagePartContext = createContext<PagePart>('whole');

/** Where the content goes in a layout rendered alone: an element no page has, replaced whole. */
export const CONTENT_MARK = '<template data-page-content=""></template>';
