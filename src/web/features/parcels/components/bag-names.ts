import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BagStatus } from '#shared/bag.ts';

/** Where a bag stands (R-BAGS), as its badge shows it. */
export const BAG_STATUS_NAMES: Record<BagStatus, MessageDescriptor> = {
  open: msg`Open`,
  closed: msg`Closed`,
  dispatched: msg`Dispatched`,
  arrived: msg`Arrived`,
};

export const bagStatusTone = (status: BagStatus) =>
  status === 'open'
    ? 'badge-info'
    : status === 'closed'
      ? 'badge-warning'
      : status === 'dispatched'
        ? 'badge-primary'
        : 'badge-success';
