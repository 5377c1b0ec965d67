import Link from '@mui/material/Link';
import { Bullets, InfoPage, P, Section, SUPPORT_EMAIL, SUPPORT_HOURS } from './InfoPage';
import { releaseRuleText, shipByRuleText } from './moneyRulesText';
import { useMoneyRules } from './useMoneyRules';

export default function RefundPage() {
  const rules = useMoneyRules();
  return (
    <InfoPage
      title="Refund policy"
      intro="We want every Kasuwa order to arrive as described. If something goes wrong, this is how refunds work."
    >
      <Section title="When you can ask for a refund">
        <Bullets
          items={[
            'The seller rejected or could not fulfil your paid order.',
            'You cancelled a paid order before it was shipped.',
            'The item arrived damaged, faulty, or not as described, and you rejected it on delivery or from your order page.',
            'The item never arrived.',
          ]}
        />
      </Section>
      <Section title="Time limit">
        <P>{releaseRuleText(rules)}</P>
        <P>{shipByRuleText(rules)}</P>
        <P>
          To ask for a refund, open a dispute or mark the order as “Refunded” (need refund) on your order page, or contact us with your
          order number.
        </P>
      </Section>
      <Section title="What is refunded">
        <P>
          The amount you paid online is refunded through Paystack, usually within 5–10 working days after approval. How it reaches you
          depends on how you paid: a card payment goes back to the same card; a bank transfer or USSD payment goes to a bank account you
          give us — we ask for it on your order page, by notification and by e-mail, and show you the account holder’s name the bank returns
          before we send it. A delivery fee you paid online is held with the goods and refunded with them when the whole order is refunded.
          (Orders placed before delivery options paid the delivery fee to the rider on receipt; it is not refunded online.)
        </P>
      </Section>
      <Section title="Returns">
        <P>
          Where the item has reached you, return it to the seller in the condition you received it, with any accessories and packaging. Used
          goods sold as used are not refundable for normal wear that was shown in the listing.
        </P>
      </Section>
      <Section title="Help">
        <P>
          Our support team is available {SUPPORT_HOURS}: <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link> or the{' '}
          <Link href="/contact-us">contact page</Link>.
        </P>
      </Section>
    </InfoPage>
  );
}
