import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Save } from 'lucide-react';
import { messageOf } from '../../lib/api';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast-store';
import { FormAlert, TextField } from './ProfileField';
import { fieldErrors } from './field-errors';
import { useSaveProfile } from './use-profile';
import { profileUpdateSchema, todayInSouthAfrica, type ProfileDetails } from '../../../shared/profile';

type Field = keyof ProfileDetails;
type Values = Record<Field, string>;
const fields: Field[] = ['firstName', 'lastName', 'phone', 'dateOfBirth'];

function toValues(profile: ProfileDetails): Values {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phone: profile.phone ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
  };
}

/** First and last name, phone and date of birth; every field may be left empty. */
export function PersonalDetailsForm({ profile }: { profile: ProfileDetails }) {
  const [values, setValues] = useState<Values>(() => toValues(profile));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveProfile();
  const refs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    dateOfBirth: useRef<HTMLInputElement>(null),
  };

  const validate = (next: Values) => {
    const result = profileUpdateSchema.safeParse(next);
    return result.success ? { data: result.data, errors: {} } : { data: undefined, errors: fieldErrors(result.error.issues, fields) };
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [event.target.name as Field]: event.target.value };
    setValues(next);
    // After the first attempt, messages follow the typing so a fixed field clears at once.
    if (submitted) setErrors(validate(next).errors);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    const result = validate(values);
    setErrors(result.errors);
    if (!result.data) {
      const first = fields.find((f) => result.errors[f]);
      if (first) refs[first].current?.focus();
      return;
    }
    save.mutate(result.data, {
      onSuccess: ({ profile: saved }) => {
        setValues(toValues(saved));
        setSubmitted(false);
        toast({ title: 'Profile Updated', description: 'Your personal details have been saved.' });
      },
    });
  };

  const props = (field: Field) => ({
    id: `profile-${field}`,
    name: field,
    ref: refs[field],
    value: values[field],
    onChange,
    error: errors[field],
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Personal details">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...props('firstName')} label="First name" type="text" autoComplete="given-name" maxLength={50} />
        <TextField {...props('lastName')} label="Last name" type="text" autoComplete="family-name" maxLength={50} />
        <TextField
          {...props('phone')}
          label="Phone"
          hint="A South African number, e.g. 082 123 4567"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={30}
        />
        <TextField {...props('dateOfBirth')} label="Date of birth" type="date" autoComplete="bday" max={todayInSouthAfrica()} min="1900-01-01" />
      </div>
      <FormAlert id="profile-details-error" message={save.isError ? messageOf(save.error, 'Failed to save your details. Please try again.') : undefined} />
      <Button type="submit" disabled={save.isPending}>
        <Save className="h-4 w-4" aria-hidden="true" />
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}
