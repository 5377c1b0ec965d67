import { type MoneyRules } from '@kasuwa/contracts';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EmailIcon from '@mui/icons-material/Email';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ContactForm } from './ContactForm';
import { SUPPORT_EMAIL, SUPPORT_HOURS } from './InfoPage';
import { releaseRuleText, shipByRuleText } from './moneyRulesText';
import { useMoneyRules } from './useMoneyRules';

/** The answers; the refund one states the server's own time limits (useMoneyRules). */
const faq = (rules: MoneyRules) => [
  {
    q: 'How do I pay?',
    a: 'By card through Paystack when you check out. Kasuwa never sees your card details.',
  },
  {
    q: 'How much is delivery?',
    a: 'Each seller sets it: pickup in the seller’s area is free; seller delivery has a fee for the same LGA, the same state or other states. You see every seller’s options and fees at checkout and pay the fee online with your goods; Kasuwa holds it until you confirm receipt.',
  },
  {
    q: 'Can I get a refund?',
    a: `Yes, if a paid order is rejected, cancelled before shipping, or arrives not as described. ${releaseRuleText(rules)} ${shipByRuleText(rules)} Card payments are refunded to the card; bank transfer and USSD payments to the bank account you give us on your order page. See the Refund policy.`,
  },
  {
    q: 'How do I start selling?',
    a: 'Sign in, complete your profile (phone and bank details so you can be paid), then choose Sell to post your item with photos.',
  },
  {
    q: 'How do I delete my account?',
    a: 'Open your profile and choose Delete Account. Your personal data is removed; past orders are kept for the other party without your name.',
  },
];

export default function ContactPage() {
  const FAQ = faq(useMoneyRules());
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.25rem' }, mb: 1 }}>
        Contact us
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Questions about an order, a listing or your account? We are here to help.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            Contact information
          </Typography>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1.5}>
              <EmailIcon color="primary" aria-hidden />
              <Box>
                <Typography sx={{ fontWeight: 600 }}>Email</Typography>
                <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
              </Box>
            </Stack>
            <Stack direction="row" spacing={1.5}>
              <AccessTimeIcon color="primary" aria-hidden />
              <Box>
                <Typography sx={{ fontWeight: 600 }}>Support hours</Typography>
                <Typography sx={{ color: 'text.secondary' }}>{SUPPORT_HOURS}</Typography>
              </Box>
            </Stack>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            Send us a message
          </Typography>
          <ContactForm />
        </Paper>
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.5rem', mt: 5, mb: 2 }}>
        Frequently asked questions
      </Typography>
      {FAQ.map((item, i) => (
        <Accordion key={item.q} disableGutters variant="outlined" sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`faq-${i}-header`} aria-controls={`faq-${i}-content`}>
            <Typography sx={{ fontWeight: 600 }}>{item.q}</Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${i}-content`}>
            <Typography sx={{ color: 'text.secondary' }}>{item.a}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Container>
  );
}
