import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { dataSaverChosen, setDataSaver } from './dataSaver';

/** The menu's data-saver switch: small photos, no prefetching, and the app's scripts only once the visitor taps. */
export function DataSaverToggle() {
  const [on, setOn] = useState(dataSaverChosen);
  return (
    <ListItem
      secondaryAction={
        <Switch
          edge="end"
          checked={on}
          onChange={(_, checked) => {
            setDataSaver(checked);
            setOn(checked);
          }}
          slotProps={{ input: { 'aria-label': 'Data saver', role: 'switch' } }}
        />
      }
    >
      <ListItemText primary="Data saver" secondary={on ? 'Small photos, scripts on your first tap' : 'Full photos'} />
    </ListItem>
  );
}
