import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';

/** A message kept as data (a `msg` descriptor: a slide's title, a service's summary), in the page's language. */
export function Message({ of }: { of: MessageDescriptor }) {
  const { i18n } = useLingui();
  return i18n._(of);
}
