"use client";

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { httpBatchLink, loggerLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import superjson from "superjson";

import { MAX_TRPC_BATCH } from "~/lib/api-limits";
import type { AppRouter } from "~/server/api/root";

import { createQueryClient } from "./query-client";

let clientQueryClient: QueryClient | undefined;
function getQueryClient() {
  if (typeof window === "undefined") return createQueryClient();
  clientQueryClient ??= createQueryClient();
  return clientQueryClient;
}

export const api = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function TRPCReactProvider({ children }: { children: React.ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    api.createClient({
      links: [
        loggerLink({ enabled: (op) => process.env.NODE_ENV === "development" && op.direction === "down" && op.result instanceof Error }),
        httpBatchLink({
          transformer: superjson,
          url: "/api/trpc",
          maxItems: MAX_TRPC_BATCH,
          // The time zone: learning days (streaks, challenges) follow the learner's own calendar.
          headers: () => ({ "x-trpc-source": "react", "x-time-zone": Intl.DateTimeFormat().resolvedOptions().timeZone }),
        }),
      ],
    }),
  );

  return (
    <QueryClientProvider client={queryClient}>
      <api.Provider client={trpcClient} queryClient={queryClient}>
        {children}
      </api.Provider>
    </QueryClientProvider>
  );
}
