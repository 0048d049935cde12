import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** The signed-out screens' one card: Sign in, Register, Forgot password and the new password. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <span role="heading" aria-level={1}>
              {title}
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
