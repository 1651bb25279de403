"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";

import { FormField } from "~/components/auth/form-field";
import { Select } from "~/components/ui/select";
import { failureText } from "~/lib/failure-text";
import { formText } from "~/lib/form-text";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Check } from "~/components/ui/icons/check";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import type { ApiTokenView } from "~/lib/schemas/api-tokens";
import { api } from "~/trpc/react";
import { API_TOKEN_EXPIRY_CHOICES, API_TOKEN_NAME_MAX_LENGTH } from "~/lib/rules/api-tokens";

const expiryLabel = (days: number | null) => (days === null ? "Never" : days === 365 ? "In 1 year" : `In ${days} days`);
const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/**
 * Personal API tokens for the learner's own scripts (`Authorization: Bearer …`): create one
 * (its secret is shown once, here), see them with their last use and expiry, revoke one.
 */
export function ApiTokensCard() {
  const utils = api.useUtils();
  const tokens = api.apiTokens.list.useQuery();
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null);

  const create = api.apiTokens.create.useMutation({
    onSuccess(result) {
      setCreated({ token: result.token, name: result.apiToken.name });
      void utils.apiTokens.list.invalidate();
    },
    onError(error) {
      toast({ variant: "destructive", title: "Could not create the token", description: failureText(error, "Please try again.") });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const name = formText(form, "name").trim();
    const expiry = formText(form, "expiresInDays") || "never";
    if (!name) {
      toast({ variant: "destructive", title: "Error", description: "Please give the token a name" });
      return;
    }
    create.mutate({ name, expiresInDays: expiry === "never" ? null : Number(expiry) }, { onSuccess: () => formElement.reset() });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">API tokens</CardTitle>
        <CardDescription>
          Tokens let your own scripts and tools use the API as you: send one as <code>Authorization: Bearer …</code>. A token cannot create tokens, change your
          password or touch billing.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end" aria-label="Create an API token">
          <FormField
            id="api-token-name"
            label="Token name"
            name="name"
            maxLength={API_TOKEN_NAME_MAX_LENGTH}
            aria-required="true"
            placeholder="e.g. nightly export"
          />
          <div className="grid gap-2">
            <Label htmlFor="api-token-expiry">Expires</Label>
            <Select id="api-token-expiry" name="expiresInDays" defaultValue="30">
              {API_TOKEN_EXPIRY_CHOICES.map((days) => (
                <option key={days ?? "never"} value={days ?? "never"}>
                  {expiryLabel(days)}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner tone="current" /> : null}
            Create token
          </Button>
        </form>

        {created ? <NewToken {...created} onDone={() => setCreated(null)} /> : null}

        <TokenList tokens={tokens.data} isLoading={tokens.isLoading} />
      </CardContent>
    </Card>
  );
}

/** The secret, this once, brought into view with its field focused (and selected): copy it now. */
function NewToken({ token, name, onDone }: { token: string; name: string; onDone: () => void }) {
  const sectionRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: "nearest" });
    inputRef.current?.focus({ preventScroll: true });
  }, [token]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
      toast({ title: "Token copied" });
    } catch {
      toast({ variant: "destructive", title: "Couldn't copy the token", description: "Select it and copy it by hand." });
    }
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby="new-api-token-heading"
      className="grid scroll-mt-20 scroll-mb-4 gap-3 rounded-md border border-primary/40 bg-primary/5 p-4"
      data-testid="new-api-token"
    >
      <h3 id="new-api-token-heading" className="font-semibold">
        Your new token “{name}”
      </h3>
      <p className="text-sm">Copy it now: it will not be shown again. Anyone with it can use the API as you.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input ref={inputRef} readOnly value={token} aria-label="New API token" className="font-mono" onFocus={(event) => event.currentTarget.select()} />
        <Button variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : null}
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

function TokenList({ tokens, isLoading }: { tokens: ApiTokenView[] | undefined; isLoading: boolean }) {
  if (isLoading) return <Spinner />;
  if (!tokens?.length) return <p className="text-sm text-muted-foreground">You have no API tokens.</p>;
  return (
    <ul aria-label="Your API tokens" className="divide-y rounded-md border">
      {tokens.map((token) => (
        <TokenRow key={token.id} token={token} />
      ))}
    </ul>
  );
}

function TokenRow({ token }: { token: ApiTokenView }) {
  const utils = api.useUtils();
  const [confirming, setConfirming] = useState(false);
  const revoke = api.apiTokens.revoke.useMutation({
    onSuccess() {
      toast({ title: "Token revoked", description: `“${token.name}” no longer works.` });
      void utils.apiTokens.list.invalidate();
    },
    onError(error) {
      toast({ variant: "destructive", title: "Could not revoke the token", description: failureText(error, "Please try again.") });
    },
  });
  const expires =
    token.expiresAt === null ? "Never expires" : token.expired ? `Expired ${formatDate(token.expiresAt)}` : `Expires ${formatDate(token.expiresAt)}`;

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="api-token">
      <div className="grid min-w-0 gap-1">
        <p className="font-medium break-words">{token.name}</p>
        <p className="text-sm text-muted-foreground">
          <code>{token.prefix}…</code> · Created {formatDate(token.createdAt)} · {token.lastUsedAt ? `Last used ${formatDate(token.lastUsedAt)}` : "Never used"}{" "}
          · <span className={token.expired ? "font-medium text-destructive dark:text-red-300" : undefined}>{expires}</span>
        </p>
      </div>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Confirm revoking ${token.name}`}>
          <span className="text-sm">Scripts using it stop working at once.</span>
          <Button variant="destructive" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: token.id })}>
            {revoke.isPending ? <Spinner tone="current" /> : null}
            Revoke now
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`} onClick={() => setConfirming(true)}>
          Revoke
        </Button>
      )}
    </li>
  );
}
