import type { OrderStatus } from '@kasuwa/contracts';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { statusLabel, trackerSteps, type OrderRole } from './orderFormat';

/**
 * Progress tracker (the product screen rules): hidden when the order was rejected or cancelled, or when its status is
 * not one of the role's steps; otherwise every step up to the current one is highlighted.
 */
export function OrderTracker({ role, status }: { role: OrderRole; status: OrderStatus }) {
  const steps = trackerSteps(role);
  const current = steps.indexOf(status);
  if (current < 0) return null;
  return (
    <Stepper
      activeStep={current}
      alternativeLabel
      aria-label="Order progress"
      component="ol"
      sx={{
        p: 0,
        m: 0,
        listStyle: 'none',
        // Five steps still fit a 360 px phone: smaller labels, no forced single line.
        '& .MuiStepLabel-label': {
          fontSize: { xs: '0.72rem', sm: '0.875rem' },
          mt: { xs: 0.75, sm: 1.5 },
          overflowWrap: 'normal', // whole words only: "Processing", not "Processi / ng"
        },
        '& .MuiStep-root': { px: { xs: 0, sm: 1 } },
      }}
    >
      {steps.map((s, i) => (
        <Step key={s} completed={i <= current} component="li" aria-current={i === current ? 'step' : undefined}>
          <StepLabel>{statusLabel(s)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
