import { initials } from '../../lib/format';

interface AvatarProps {
  name: string;
  /** An object URL of the picture; initials until one exists. */
  src?: string | undefined;
  size?: number;
}

export function Avatar({ name, src, size = 64 }: AvatarProps) {
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size / 2.6 }} aria-hidden="true">
      {src ? <img src={src} alt="" width={size} height={size} /> : initials(name)}
    </span>
  );
}
