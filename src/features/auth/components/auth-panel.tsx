import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { adminText } from '@/lib/i18n-admin';
import { LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';

/** The /auth card: tabs 'Login' and 'Cadastro' (spec §2). */
export function AuthPanel() {
  const t = adminText.auth;
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <h1 className="font-serif text-2xl font-semibold text-stone-900">{t.pageTitle}</h1>
        <CardDescription>{t.pageSubtitle}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="login">
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="login">{t.loginTab}</TabsTrigger>
            <TabsTrigger value="signup">{t.signUpTab}</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm />
          </TabsContent>
          <TabsContent value="signup">
            <SignUpForm />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
