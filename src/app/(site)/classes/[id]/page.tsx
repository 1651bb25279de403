import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ProtectedRoute } from "~/components/auth/protected-route";
import { ClassPage } from "~/components/classes/class-page";
import { parseIdParam } from "~/lib/ids";
import { api } from "~/trpc/server";

type ClassPageProps = { params: Promise<{ id: string }> };

/** The class's name for its members; "Class" for anyone else, so the tab's title tells no more than the page. */
export async function generateMetadata({ params }: ClassPageProps): Promise<Metadata> {
  const id = parseIdParam((await params).id);
  if (id === null) return { title: "Class" };
  try {
    const { class: found } = await api.classes.byId({ id });
    return { title: found.name };
  } catch {
    return { title: "Class" };
  }
}

export default async function ClassRoute({ params }: ClassPageProps) {
  const id = parseIdParam((await params).id);
  if (id === null) notFound();
  return (
    <ProtectedRoute>
      <ClassPage classId={id} />
    </ProtectedRoute>
  );
}
