import type { ReactNode, SVGProps } from "react";
import { ROTATION_ICONS } from "../carousel-view";

// A handful of small line icons drawn for the landing page. They are inline and tiny on purpose: the page
// counts every byte of JavaScript it loads (lucide-react's icon factory alone is larger than all of these).
function icon(children: ReactNode, filled = false) {
  return function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {children}
      </svg>
    );
  };
}

export const ChatIcon = icon(<path d="M21 12a8.5 8.5 0 0 1-12.4 7.6L3 21l1.4-5.3A8.5 8.5 0 1 1 21 12z" />);
export const CheckIcon = icon(<path d="M20 6 9 17l-5-5" />);
export const StarIcon = icon(
  <path d="m12 2.5 2.9 6.1 6.6.7-4.9 4.5 1.4 6.6L12 17l-6 3.4 1.4-6.6-4.9-4.5 6.6-.7z" />,
  true,
);
// The pre-rendered page's script swaps one for the other by the same shapes (../enhance/carousels.ts).
export const PauseIcon = icon(<path d={ROTATION_ICONS.pause.d} />, ROTATION_ICONS.pause.filled);
export const PlayIcon = icon(<path d={ROTATION_ICONS.play.d} />, ROTATION_ICONS.play.filled);
export const PhoneIcon = icon(
  <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z" />,
);
export const MailIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);
