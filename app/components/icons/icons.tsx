import type { ReactNode } from "react";

/**
 * The portal's icon set (issue 12 part 2, decision 022): small inline SVGs drawn on a 24-unit grid in
 * the current text colour (stroke style in app/tailwind.css, `.shell-icon`, to keep the JS small), one
 * named export each so the bundler keeps only the icons a page uses. They are decoration (aria-hidden):
 * the control that holds one carries the accessible name and a tooltip.
 */
export type IconProps = { className?: string };

function Svg({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" className={`shell-icon ${className ?? ""}`} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);

export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);

export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </Svg>
);

export const CartIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 4h2l2.4 11h10.2L20 8H6.2" />
    <circle cx="9" cy="19.5" r="1.5" />
    <circle cx="17" cy="19.5" r="1.5" />
  </Svg>
);

export const MailIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Svg>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

export const SmartphoneIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="7" y="3" width="10" height="18" rx="2" />
    <path d="M11 18h2" />
  </Svg>
);

export const GlobeIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
  </Svg>
);

export const UserIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Svg>
);

/** WeChat: two speech bubbles. */
export const WechatIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9.5 4C5.4 4 2 6.6 2 9.8c0 1.8 1 3.4 2.6 4.4L4 16.5l2.7-1.4c.9.3 1.8.4 2.8.4" />
    <path d="M15.5 9c3.6 0 6.5 2.3 6.5 5.2 0 1.5-.8 2.9-2 3.8l.5 2-2.3-1.2c-.8.3-1.7.4-2.7.4-3.6 0-6.5-2.3-6.5-5S11.9 9 15.5 9z" />
  </Svg>
);

/** QQ: the penguin's outline. */
export const QqIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3c-2.9 0-5 2.3-5 5.6v2.2c-1.2 1.5-2 3.3-2 4.7 0 .9.5 1 1.4.3.3 1 .9 1.9 1.8 2.5-.9.4-1.2.9-1.2 1.3h10c0-.4-.3-.9-1.2-1.3.9-.6 1.5-1.5 1.8-2.5.9.7 1.4.6 1.4-.3 0-1.4-.8-3.2-2-4.7V8.6C17 5.3 14.9 3 12 3z" />
  </Svg>
);

/** Weibo: a broadcast. */
export const WeiboIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="2" />
    <path d="M16.2 7.8a6 6 0 0 1 0 8.4M7.8 16.2a6 6 0 0 1 0-8.4M19.1 4.9a10 10 0 0 1 0 14.2M4.9 19.1a10 10 0 0 1 0-14.2" />
  </Svg>
);

/** Online consultation: a headset. */
export const HeadsetIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
    <rect x="3" y="14" width="4" height="6" rx="1.5" />
    <rect x="17" y="14" width="4" height="6" rx="1.5" />
  </Svg>
);

export const PhoneIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 4h3.5l2 5-2.5 1.5a11 11 0 0 0 5.5 5.5L15 13.5l5 2V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
  </Svg>
);

export const ArrowUpIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Svg>
);

/** Home: a house (the phone tab bar). */
export const HomeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />
  </Svg>
);

/** Courses: an open book (the phone tab bar). */
export const BookIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 6C9 4 5 4 3 5v14c2-1 6-1 9 1 3-2 7-2 9-1V5c-2-1-6-1-9 1zm0 0v14" />
  </Svg>
);

/** Question bank: a list with ticks (the phone tab bar). */
export const ChecklistIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 6l1.5 1.5L8 5M4 12l1.5 1.5L8 11M4 18l1.5 1.5L8 17M11 6h9M11 12h9M11 18h9" />
  </Svg>
);

/** My learning: a play button in a screen (the phone tab bar). */
export const PlayIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="4" width="18" height="14" rx="2" />
    <path d="M10 8v6l5-3zM8 21h8" />
  </Svg>
);
