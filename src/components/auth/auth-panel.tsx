"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { CenteredSpinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { showGoogleSignInError } from "~/hooks/use-google-sign-in";
import { useSessionUser } from "~/hooks/use-session";

import { reportGoogleAuthResult } from "./google-auth-message";
import { GoogleSignInButton } from "./google-sign-in-button";
import { LoginForm } from "./login-form";
import { takePostLoginPath } from "./post-login-redirect";
import { RegisterForm } from "./register-form";

const POST_LOGIN_REDIRECT_DELAY_MS = 100;

/** next-auth sends some Google failures here as ?error=…: inside the popup they go to the opener, else to a toast. */
function useGoogleErrorFromUrl() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("error")) return;
    if (window.opener) {
      reportGoogleAuthResult(false);
      window.close();
      return;
    }
    url.searchParams.delete("error");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    showGoogleSignInError();
  }, []);
}

export function AuthPanel() {
  const router = useRouter();
  const { user, isLoading } = useSessionUser();
  useGoogleErrorFromUrl();

  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => router.replace(takePostLoginPath()), POST_LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, router]);

  return (
    <div className="w-full max-w-md">
      <h1 className="text-3xl font-bold tracking-tight">Welcome to CourseCraft</h1>
      <p className="mt-2 text-muted-foreground">Sign in or create an account to build and follow your courses.</p>
      {isLoading || user ? (
        <CenteredSpinner label={user ? "Redirecting" : "Loading"} />
      ) : (
        <Card className="mt-6">
          <Tabs defaultValue="login">
            <CardHeader className="pb-0">
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
              </TabsList>
            </CardHeader>
            <CardContent className="pt-6">
              <TabsContent value="login" className="mt-0 grid gap-4">
                <CardDescription>Welcome back. Sign in with your username and password.</CardDescription>
                <LoginForm />
              </TabsContent>
              <TabsContent value="register" className="mt-0 grid gap-4">
                <CardDescription>Create an account to start generating courses.</CardDescription>
                <RegisterForm />
              </TabsContent>
              <div className="mt-6 grid gap-4">
                <GoogleSignInButton />
              </div>
            </CardContent>
          </Tabs>
        </Card>
      )}
    </div>
  );
}
