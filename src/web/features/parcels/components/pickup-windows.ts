import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PickupWindow } from '#shared/pickup.ts';

/** The pickup windows as people read them. */
export const PICKUP_WINDOW_NAMES: Record<PickupWindow, MessageDescriptor> = {
  '09-12': msg`Morning, 9:00 to 12:00`,
  '12-15': msg`Midday, 12:00 to 15:00`,
  '15-18': msg`Afternoon, 15:00 to 18:00`,
};
