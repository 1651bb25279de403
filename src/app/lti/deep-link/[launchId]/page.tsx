import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound, unstable_rethrow } from "next/navigation";

import { DeepLinkPicker } from "~/components/lti/deep-link-picker";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Add a course" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The launch's picker for the teacher it signed in; anyone else's launch, or an unknown one, is a 404. */
async function pickerOf(launchId: string) {
  try {
    return await api.lti.picker({ launchId });
  } catch (error) {
    unstable_rethrow(error);
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    if (error instanceof TRPCError && error.code === "UNAUTHORIZED") return null;
    throw error;
  }
}

/**
 * /lti/deep-link/{launchId}: where a deep linking launch lands, inside the LMS's "add content"
 * dialog (docs/lti.md). Without the site's header: the dialog is small, and leaving it for the
 * rest of the site would strand the teacher inside their LMS.
 */
export default async function DeepLinkPickerRoute({ params }: { params: Promise<{ launchId: string }> }) {
  const { launchId } = await params;
  if (!UUID.test(launchId)) notFound();
  const picker = await pickerOf(launchId);
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-4 px-3 py-4 sm:px-6 sm:py-8">
      {picker ? (
        <DeepLinkPicker initial={picker} />
      ) : (
        <Card>
          <CardHeader>
            <h1 className="text-xl leading-tight font-semibold tracking-tight">Add a CourseCraft course</h1>
          </CardHeader>
          <CardContent>
            <p role="status">Your CourseCraft session has ended. Close this window and add CourseCraft from your course again.</p>
          </CardContent>
        </Card>
      )}
    </main>
  );
}
