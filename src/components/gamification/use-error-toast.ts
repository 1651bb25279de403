"use client";

import { useEffect } from "react";

import { toast } from "~/hooks/use-toast";

/** One destructive toast each time `failed` turns true. */
export function useErrorToast(failed: boolean, title: string, description: string) {
  useEffect(() => {
    if (failed) toast({ variant: "destructive", title, description });
  }, [failed, title, description]);
}
