export function Footer() {
  return <footer className="border-t border-slate-200" />;
}
