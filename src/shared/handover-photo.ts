/**
 * The form field that carries a photo of the handover (multipart/form-data on POST /api/rider/deliveries/{code}).
 * Apart from tracking.ts's schemas, so that the rider's outbox, loaded with the run page, loads no zod (issue 43).
 */
export const HANDOVER_PHOTO_FIELD = 'handoverPhoto';
