import { RemoteImage } from "~/components/ui/remote-image";
import type { PublicUser } from "~/lib/schemas/auth";

function avatarInitial(user: PublicUser) {
  const name = user.displayName?.trim() || user.username.trim();
  return name.charAt(0).toUpperCase() || "U";
}

export function userLabel(user: PublicUser) {
  return user.displayName?.trim() || user.username.trim() || user.email?.trim() || "User";
}

export function UserAvatar({ user }: { user: PublicUser }) {
  if (user.photoURL) {
    return <RemoteImage src={user.photoURL} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />;
  }
  return (
    <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
      {avatarInitial(user)}
    </span>
  );
}
