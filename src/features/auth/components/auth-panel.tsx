import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { adminText } from '@/lib/i18n-admin';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';

/**
 * The /auth card: tabs 'Login' and 'Cadastro' (spec §2), and "Esqueceu a
 * senha?" under the login form. A refused recovery link opens straight on
 * the request for a new one, saying why.
 */
export function AuthPanel({ linkRefused = false }: { linkRefused?: boolean }) {
  const t = adminText.auth;
  const [forgot, setForgot] = useState(linkRefused);
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <h1 className="font-serif text-2xl font-semibold text-stone-900">{t.pageTitle}</h1>
        <CardDescription>{t.pageSubtitle}</CardDescription>
      </CardHeader>
      <CardContent>
        {forgot ? (
          <ForgotPasswordForm
            onBack={() => setForgot(false)}
            notice={linkRefused ? adminText.recovery.linkExpired : undefined}
          />
        ) : (
          <Tabs defaultValue="login">
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">{t.loginTab}</TabsTrigger>
              <TabsTrigger value="signup">{t.signUpTab}</TabsTrigger>
            </TabsList>
            <TabsContent value="login" className="grid gap-2">
              <LoginForm />
              <button
                type="button"
                onClick={() => setForgot(true)}
                className="justify-self-center rounded text-sm text-stone-700 underline underline-offset-4 hover:text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
              >
                {adminText.recovery.forgotLink}
              </button>
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm />
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}
