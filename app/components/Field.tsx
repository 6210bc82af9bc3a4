export function Field({ id, label, error, ...input }: { id: string; label: string; error?: React.ReactNode } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="w-full">
      <label htmlFor={id}>{label}</label>
      <input id={id} required className="mt-1 w-full rounded border border-gray-300 p-2 outline-primary aria-invalid:border-red-600" {...input} />
      {error}
    </div>
  );
}
