import Link from "next/link";

import { PageContainer } from "~/components/layout/page-container";
import { buttonVariants } from "~/components/ui/button";

/** A missing course and someone else's private course look the same: no hint that it exists. */
export function CourseNotFound() {
  return (
    <PageContainer title="Course Not Found" description={<p>This course does not exist, or you do not have access to it.</p>}>
      <Link href="/" className={buttonVariants()}>
        Return Home
      </Link>
    </PageContainer>
  );
}
