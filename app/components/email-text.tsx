import { Fragment } from "react";

/**
 * An e-mail address that, when it must wrap (a phone, a narrow column), wraps before its @ and its dots rather than
 * anywhere in a word; a part longer than the line still wraps where it has to.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
