import { Card, CardDescription, CardHeader } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";

import { AuthGate } from "./auth-gate";
import { LazyProviderSignInButtons } from "./lazy-provider-sign-in-buttons";
import { LazyRegisterForm } from "./lazy-register-form";
import { LoginForm } from "./login-form";

/** A server component: the gate, the tabs' behaviour and the forms are client components. */
export function AuthPanel() {
  return (
    <div className="w-full max-w-md">
      <h1 className="text-3xl font-bold tracking-tight">Welcome to CourseCraft</h1>
      <p className="mt-2 text-muted-foreground">Sign in or create an account to build and follow your courses.</p>
      <AuthGate>
        <Card className="mt-6">
          <Tabs defaultValue="login">
            <CardHeader className="pb-0">
              <TabsList stretch>
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
              </TabsList>
            </CardHeader>
            <div className="p-6">
              <TabsContent value="login" className="grid gap-4">
                <CardDescription>Welcome back. Sign in with your username and password.</CardDescription>
                <LoginForm />
              </TabsContent>
              <TabsContent value="register" className="grid gap-4">
                <CardDescription>Create an account to start generating courses.</CardDescription>
                <LazyRegisterForm />
              </TabsContent>
              <div className="mt-6 grid gap-4">
                <LazyProviderSignInButtons />
              </div>
            </div>
          </Tabs>
        </Card>
      </AuthGate>
    </div>
  );
}
