import { Body, Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { formatNaira, koboToNaira } from '@kasuwa/contracts';
import { Public } from '../common/auth.decorators';
import { notFound } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import { PaymentGateway } from '../modules/payments/payment-gateway';
import { TestCheckoutOutcomeDto } from '../modules/payments/dto/payments.dto';
import { PaymentsFlow } from './payments.flow';
import { TestCheckoutGateway, TestCheckoutRow } from '../modules/payments/test-checkout.gateway';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The built-in test checkout page, live only when no PAYSTACK_SECRET_KEY is set. It plays Paystack's hosted page:
 * Pay / Fail / Cancel record the outcome, a payment is settled at once (as Paystack's webhook would), and the
 * browser goes back to the storefront's /payments/verify like Paystack's callback.
 */
@ApiExcludeController()
@Controller('payments/test-checkout')
@Public()
export class TestCheckoutController {
  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly gateway: PaymentGateway,
    private readonly test: TestCheckoutGateway,
    private readonly payments: PaymentsFlow,
  ) {}

  @Get(':reference')
  async page(@Param('reference') reference: string, @Res() res: Response): Promise<void> {
    const row = await this.find(reference);
    void res.type('text/html; charset=utf-8').send(this.html(row));
  }

  @Post(':reference')
  async decide(@Param('reference') reference: string, @Body() dto: TestCheckoutOutcomeDto, @Res() res: Response): Promise<void> {
    const row = await this.find(reference);
    await this.test.record(row.reference, dto.outcome, dto.channel);
    await this.payments.check(row.reference);
    void res.redirect(`${this.cfg.app.publicUrl}/payments/verify?reference=${encodeURIComponent(row.reference)}`, 303);
  }

  private async find(reference: string): Promise<TestCheckoutRow> {
    const row = this.gateway.provider === 'test' ? await this.test.find(reference) : undefined;
    if (!row) throw notFound('TEST_CHECKOUT_NOT_FOUND', 'No test payment with this reference.');
    return row;
  }

  private html(row: TestCheckoutRow): string {
    const amount = formatNaira(koboToNaira(Number(row.amount_kobo)));
    const ref = esc(row.reference);
    const done = row.status === 'success';
    const button = (outcome: string, label: string, style: string) =>
      `<button name="outcome" value="${outcome}" style="${style}" ${done ? 'disabled' : ''}>${label}</button>`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Kasuwa test checkout</title>
<style>
 body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
 main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:32px;max-width:380px;width:100%}
 h1{font-size:20px;margin:0 0 4px} .note{color:#a15c00;background:#fff4e0;padding:8px 12px;border-radius:8px;font-size:13px}
 .amount{font-size:32px;font-weight:700;margin:16px 0} dl{font-size:14px;color:#444} dt{font-weight:600}
 form{display:flex;flex-direction:column;gap:10px;margin-top:20px} button{font-size:16px;padding:12px;border-radius:8px;border:0;cursor:pointer}
 button:disabled{opacity:.5;cursor:default}
</style></head>
<body><main>
 <h1>Kasuwa test checkout</h1>
 <p class="note">Test mode: no PAYSTACK_SECRET_KEY is set, so no real money moves.</p>
 <div class="amount">${esc(amount)}</div>
 <dl><dt>Email</dt><dd>${esc(row.email)}</dd><dt>Reference</dt><dd>${ref}</dd><dt>Status</dt><dd id="status">${esc(row.status)}</dd></dl>
 <form method="post" action="/api/payments/test-checkout/${encodeURIComponent(row.reference)}">
  <label>Pay by <select name="channel" ${done ? 'disabled' : ''}><option value="card">Card</option><option value="bank_transfer">Bank transfer</option><option value="ussd">USSD</option></select></label>
  ${button('success', `Pay ${esc(amount)}`, 'background:#0ba360;color:#fff')}
  ${button('failed', 'Fail payment', 'background:#e5484d;color:#fff')}
  ${button('abandoned', 'Cancel', 'background:#e9ecef;color:#222')}
 </form>
</main></body></html>`;
  }
}
