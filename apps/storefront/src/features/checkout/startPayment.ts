import { ApiError } from '../../api/errors';
import { CHECKOUT_FAILED, checkoutApi } from '../../api/payments';
import { toast } from '../../app/toast';

/**
 * POST /payments/initialize for a checkout session and send the browser to the payment page.
 * Resolves false (after a toast) when the payment could not be started; also used to pay again
 * for a checkout whose first payment failed or was abandoned (its stock is held for 30 minutes).
 */
export async function startPayment(checkoutSessionId: number): Promise<boolean> {
  try {
    const res = await checkoutApi.initializePayment(checkoutSessionId);
    const url = res.data?.transaction?.metadata?.data?.authorization_url;
    if (url) {
      window.location.assign(url);
      return true;
    }
    toast.error(CHECKOUT_FAILED);
  } catch (err) {
    // API failures were already toasted by the central handler (the server's reason, or the fallback).
    if (!(err instanceof ApiError)) toast.error(CHECKOUT_FAILED);
  }
  return false;
}
