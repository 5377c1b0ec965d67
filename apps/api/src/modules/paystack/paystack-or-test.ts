import { Logger, Provider, Type } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app.config';

/**
 * A gateway that is Paystack when PAYSTACK_SECRET_KEY is set and the built-in test mode otherwise (docs/money.md, Payments): the
 * two implementations and the provider of the gateway token that picks one at start. In production the fallback is
 * logged, so a missing key cannot go unnoticed. Payments (checkout) and money (payouts, refunds) choose the same way.
 */
export function paystackOrTest<T>(
  gateway: abstract new (...args: never[]) => T,
  paystack: Type<T>,
  test: Type<T>,
  whatTestModeMeans: string,
  context: string,
): Provider[] {
  return [
    paystack,
    test,
    {
      provide: gateway,
      inject: [APP_CONFIG, paystack, test],
      useFactory: (cfg: AppConfig, live: T, simulated: T) => {
        if (cfg.paystack.secretKey) return live;
        if (cfg.app.nodeEnv === 'production') Logger.warn(`PAYSTACK_SECRET_KEY is not set: ${whatTestModeMeans}`, context);
        return simulated;
      },
    },
  ];
}
