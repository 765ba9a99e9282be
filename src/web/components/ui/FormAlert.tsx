/**
 * A form's own message (one its fields do not explain), announced when it appears; a success says
 * so politely instead.
 */
export function FormAlert({ id, message, success }: { id: string; message?: string; success?: string }) {
  return (
    <div aria-live="polite">
      {message && (
        <p id={id} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {message}
        </p>
      )}
      {success && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {success}
        </p>
      )}
    </div>
  );
}
