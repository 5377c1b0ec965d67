import Link from '@mui/material/Link';
import { Bullets, InfoPage, P, Section, SUPPORT_EMAIL } from './InfoPage';

export default function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy policy"
      intro="This policy explains what personal data Kasuwa collects, why, and the rights you have under the Nigeria Data Protection Regulation (NDPR) and the Nigeria Data Protection Act 2023."
    >
      <Section title="What we collect">
        <Bullets
          items={[
            'Account details: name, email address, password (stored only as a secure hash) or your Google sign-in identity, profile photo.',
            'Profile details you choose to add: phone number, gender, bank name, account number and account name (so sellers can be paid), contact channels.',
            'Orders: items, amounts, shipping address, receiver phone number and delivery state.',
            'Payments: Paystack processes your card. We receive only the payment reference and status, never your card number.',
            'Messages you send us through the contact form.',
          ]}
        />
      </Section>
      <Section title="Why we use it">
        <Bullets
          items={[
            'To run your account, show your listings and process orders and payments (performance of a contract).',
            'To let a seller deliver your order: the seller sees your name, shipping address and receiver number for that order only.',
            'To prevent fraud and keep the marketplace safe (legitimate interest).',
            'To send service emails such as password resets and order updates.',
          ]}
        />
        <P>We do not sell your personal data and we do not use it for third-party advertising.</P>
      </Section>
      <Section title="Who we share it with">
        <P>
          Paystack (payments), our hosting and email providers, and the other party to an order. Data may be processed outside Nigeria only
          with safeguards required by the NDPR.
        </P>
      </Section>
      <Section title="Storage on your device">
        <P>
          The site keeps your sign-in token, basic profile details, cart, favourites and dark-mode choice in your browser's local storage.
          Signing out removes the sign-in details.
        </P>
      </Section>
      <Section title="Your rights">
        <Bullets
          items={[
            'Access the personal data we hold about you and receive a copy.',
            'Correct inaccurate data — most of it directly on your profile page.',
            'Delete your account and personal data: use “Delete Account” on your profile. Past orders are kept for the other party and for tax records, with your name replaced.',
            'Object to or restrict processing, and withdraw consent at any time.',
            'Complain to the Nigeria Data Protection Commission (NDPC).',
          ]}
        />
      </Section>
      <Section title="How long we keep it">
        <P>
          Account data is kept while your account is open. Order and payment records are kept for six years to meet accounting obligations,
          then deleted.
        </P>
      </Section>
      <Section title="Contact">
        <P>
          Write to our data protection contact at <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link> or use the{' '}
          <Link href="/contact-us">contact page</Link>. We answer within 30 days.
        </P>
      </Section>
    </InfoPage>
  );
}
