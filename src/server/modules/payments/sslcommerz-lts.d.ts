/** The official SSLCommerz client ships no types: the calls the shop makes, as its source (api/payment-controller.js) has them. */
declare module 'sslcommerz-lts' {
  /** Every call answers the JSON SSLCommerz sent, or, when the request itself failed, the Error (it never rejects). */
  type Answer = Promise<Record<string, unknown> | Error>;
  export default class SSLCommerzPayment {
    constructor(storeId: string, storePassword: string, live?: boolean);
    baseURL: string;
    initURL: string;
    validationURL: string;
    refundURL: string;
    refundQueryURL: string;
    transactionQueryBySessionIdURL: string;
    transactionQueryByTransactionIdURL: string;
    init(data: Record<string, string | number>): Answer;
    validate(data: { val_id: string }): Answer;
    initiateRefund(data: { refund_amount: string; refund_remarks: string; bank_tran_id: string; refe_id: string }): Answer;
    transactionQueryByTransactionId(data: { tran_id: string }): Answer;
  }
}
