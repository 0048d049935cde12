import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * The end of the sign-in, sign-up and two-factor forms: what went wrong with the whole form (an
 * alert), the submit button, busy while the request runs, and the link to the other form if any.
 */
export function AuthFormEnd({
  error,
  isSubmitting,
  submit,
  submitting,
  other,
}: {
  error: string | null;
  isSubmitting: boolean;
  /** The button's label, and its label while the request runs. */
  submit: string;
  submitting: string;
  /** The link to the other form. */
  other?: { to: string; label: string };
}) {
  return (
    <>
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? submitting : submit}
      </Button>
      {other ? (
        <p className="text-center text-sm">
          <Link to={other.to} className="text-primary underline-offset-4 hover:underline">
            {other.label}
          </Link>
        </p>
      ) : null}
    </>
  );
}
