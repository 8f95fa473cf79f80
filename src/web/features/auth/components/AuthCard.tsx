import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-12">
      <section className="card w-full max-w-md border border-base-300 bg-base-100 shadow-md" aria-labelledby="auth-title">
        <div className="card-body gap-4">
          <h1 id="auth-title" className="text-center text-2xl font-bold text-primary">
            {title}
          </h1>
          {children}
        </div>
      </section>
    </div>
  );
}
