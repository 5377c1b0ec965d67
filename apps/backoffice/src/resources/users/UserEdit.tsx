import { Edit, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, TopToolbar, maxLength, required } from 'react-admin';
import { GENDERS, USER_STATUSES, type AdminUserRow, type Gender, type UserStatus } from '@kasuwa/contracts';
import { RecordTitle } from '../../common/RecordTitle';
import { statusChoices } from '../../common/StatusChip';
import { UserPageButton } from './UserPageButton';

/** The body of PUT /api/admin/users/:id: only what an admin may change. */
export interface AdminUserUpdate {
  firstName: string;
  lastName: string;
  phone: string | null;
  gender: Gender | null;
  status: UserStatus;
}

const genderChoices = GENDERS.map((g) => ({ id: g, name: g }));
// 'deleted' is the outcome of the user's own Delete Account: shown, never chosen.
const statusOptions = statusChoices(USER_STATUSES).map((c) => ({ ...c, disabled: c.id === 'deleted' }));

/** Send the editable fields only; a blank phone or gender clears it (null). */
const toUpdate = (data: AdminUserRow): AdminUserUpdate => ({
  firstName: (data.firstName ?? '').trim(),
  lastName: (data.lastName ?? '').trim(),
  phone: data.phone?.trim() || null,
  gender: data.gender || null,
  status: data.status,
});

// No Delete button: an admin suspends a user (reversible) instead of deleting them (docs/accounts-and-roles.md).
const FormToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** /app.admin/users/:id/edit */
export default function UserEdit() {
  return (
    <Edit<AdminUserRow>
      mutationMode="pessimistic"
      transform={toUpdate}
      redirect={(_resource, id) => `/users/${id}`}
      title={<RecordTitle<AdminUserRow> text={(u) => `Edit ${u.fullName || u.email}`} fallback="Edit user" />}
      actions={
        <TopToolbar>
          <UserPageButton page="show" />
        </TopToolbar>
      }
    >
      <SimpleForm toolbar={<FormToolbar />} sx={{ maxWidth: 560 }}>
        <TextInput source="firstName" label="First name" validate={[required(), maxLength(80)]} fullWidth />
        <TextInput source="lastName" label="Last name" validate={[required(), maxLength(80)]} fullWidth />
        <TextInput source="phone" label="Phone" type="tel" helperText="Nigerian number, e.g. 08031234567" fullWidth />
        <SelectInput source="gender" label="Gender" choices={genderChoices} emptyText="Not specified" fullWidth />
        <SelectInput source="status" label="Status" choices={statusOptions} validate={required()} fullWidth />
      </SimpleForm>
    </Edit>
  );
}
