import Link from '@mui/material/Link';
import { Bullets, InfoPage, P, Section, SUPPORT_EMAIL } from './InfoPage';
import { releaseRuleText, shipByRuleText } from './moneyRulesText';
import { useMoneyRules } from './useMoneyRules';

export default function TermsPage() {
  const rules = useMoneyRules();
  return (
    <InfoPage
      title="Terms and conditions"
      intro="These terms govern your use of Kasuwa, an online marketplace where people in Nigeria buy and sell new and used physical goods. By creating an account or placing an order you agree to them."
    >
      <Section title="1. What Kasuwa is">
        <P>
          Kasuwa connects buyers with independent sellers. Sellers list their own goods and are responsible for them; Kasuwa provides the
          listing, ordering and payment service. Kasuwa is not the seller of goods listed by other users.
        </P>
      </Section>
      <Section title="2. Your account">
        <Bullets
          items={[
            'You must be at least 18 years old and give accurate details, including a reachable phone number.',
            'Keep your password private. You are responsible for activity on your account.',
            'You may delete your account at any time from your profile. Past orders are kept for the other party, with your name removed.',
          ]}
        />
      </Section>
      <Section title="3. Listing goods">
        <Bullets
          items={[
            'Only list physical goods you own and are allowed to sell, described honestly as new or used, with real photos.',
            'Prohibited items include weapons, drugs, counterfeit goods, stolen goods, and anything illegal under Nigerian law.',
            'Kasuwa may block listings that break these rules and may suspend repeat offenders.',
            'By listing you accept the platform commission agreement shown on the listing form.',
          ]}
        />
      </Section>
      <Section title="4. Prices, payment and delivery">
        <P>
          Prices are in naira (₦). You pay for goods online by card through Paystack; Kasuwa never sees or stores your card details. Each
          seller sets how their items reach you: pickup in the seller's area (free) or seller delivery with a fee for the seller's LGA, the
          seller's state or other states. You choose at checkout, see each fee before you pay, and pay it online with the goods; Kasuwa
          holds it with the goods until you confirm receipt.
        </P>
      </Section>
      <Section title="5. Orders">
        <P>
          An order is confirmed when payment succeeds. A seller may accept or reject it; a buyer may cancel before it is shipped. When goods
          arrive, confirm receipt or reject them in your order page. Refunds follow our <Link href="/refund-policy">Refund policy</Link>: a
          card payment is refunded to the card; a bank transfer or USSD payment to the bank account you give us.
        </P>
        <P>
          {shipByRuleText(rules)} {releaseRuleText(rules)}
        </P>
      </Section>
      <Section title="6. Liability and changes">
        <P>
          Kasuwa is provided with reasonable care and skill. We are not liable for the quality or legality of goods sold by other users
          beyond what Nigerian consumer protection law requires. We may update these terms; we will show the new date at the top of this
          page.
        </P>
      </Section>
      <Section title="7. Contact">
        <P>
          Questions about these terms: <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link> or our{' '}
          <Link href="/contact-us">contact page</Link>.
        </P>
      </Section>
    </InfoPage>
  );
}
