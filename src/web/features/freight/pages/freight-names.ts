import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FreightMode, FreightStatus } from '#shared/freight.ts';

export const FREIGHT_MODE_NAMES: Record<FreightMode, MessageDescriptor> = {
  road: msg`Road freight`,
  air: msg`Air freight`,
  ocean: msg`Ocean freight`,
  warehousing: msg`Warehousing`,
};

export const FREIGHT_STATUS_NAMES: Record<FreightStatus, MessageDescriptor> = {
  requested: msg`Waiting for a quote`,
  quoted: msg`Quoted`,
  accepted: msg`Accepted`,
  scheduled: msg`Scheduled`,
  expired: msg`Quote expired`,
  declined: msg`Quote declined`,
};
