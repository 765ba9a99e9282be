import { Save } from 'lucide-react';
import { messageOf } from '../../lib/api';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast-store';
import { phoneInput, TextField } from '../ui/Field';
import { FormAlert } from '../ui/FormAlert';
import { useValidatedForm } from '../ui/use-validated-form';
import { useSaveProfile } from '../account/use-profile';
import { profileUpdateSchema, todayInSouthAfrica, type ProfileDetails } from '../../../shared/profile';
import { formatPhoneForDisplay } from '../../../shared/phone';

type Field = keyof ProfileDetails;
type Values = Record<Field, string>;
const fields: Field[] = ['firstName', 'lastName', 'phone', 'dateOfBirth'];

function toValues(profile: ProfileDetails): Values {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phone: profile.phone ? formatPhoneForDisplay(profile.phone) : '',
    dateOfBirth: profile.dateOfBirth ?? '',
  };
}

/** First and last name, phone and date of birth; every field may be left empty. */
export function PersonalDetailsForm({ profile }: { profile: ProfileDetails }) {
  const save = useSaveProfile();
  const form = useValidatedForm({
    initial: () => toValues(profile),
    fields,
    parse: (values) => profileUpdateSchema.safeParse(values),
    idPrefix: 'profile',
  });

  const onSubmit = form.onSubmit(save.isPending, (update) =>
    save.mutate(update, {
      onSuccess: ({ profile: saved }) => {
        form.reset(toValues(saved));
        toast({ title: 'Profile Updated', description: 'Your personal details have been saved.' });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Personal details">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...form.field('firstName')} label="First name" type="text" autoComplete="given-name" maxLength={50} />
        <TextField {...form.field('lastName')} label="Last name" type="text" autoComplete="family-name" maxLength={50} />
        <TextField {...form.field('phone')} {...phoneInput} label="Phone" hint="A South African number, e.g. 082 123 4567" maxLength={30} />
        <TextField {...form.field('dateOfBirth')} label="Date of birth" type="date" autoComplete="bday" max={todayInSouthAfrica()} min="1900-01-01" />
      </div>
      <FormAlert id="profile-details-error" message={save.isError ? messageOf(save.error, 'Failed to save your details. Please try again.') : undefined} />
      <Button type="submit" disabled={save.isPending}>
        <Save className="h-4 w-4" aria-hidden="true" />
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}
