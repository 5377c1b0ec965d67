import { Link as RouterLink } from 'react-router-dom';
import { useRecordContext } from 'react-admin';
import { Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import type { AdminUserRow } from '@kasuwa/contracts';
import { userEditPath, userPath } from './paths';

const PAGES = {
  edit: { label: 'Edit', Icon: EditIcon, path: userEditPath },
  show: { label: 'Back to user', Icon: ArrowBackIcon, path: userPath },
};

/** The way between a user's page and its edit form (the top toolbar of each): `page` is where it leads. */
export function UserPageButton({ page }: { page: keyof typeof PAGES }) {
  const user = useRecordContext<AdminUserRow>();
  if (!user) return null;
  const { label, Icon, path } = PAGES[page];
  return (
    <Button size="small" startIcon={<Icon />} component={RouterLink} to={path(user.id)}>
      {label}
    </Button>
  );
}
