import { describe, expect, it } from "vitest";
import { replyText } from "./reply-text";

describe("replyText", () => {
  it("keeps a reply without any quoted part, trimmed, with its own blank lines", () => {
    expect(replyText("  Thanks!\n\nSee you Monday.\n\n")).toBe("Thanks!\n\nSee you Monday.");
    expect(replyText("")).toBe("");
  });

  it("drops Gmail's attribution and the quote under it, and reads CRLF line ends", () => {
    const mail =
      "Sounds good, go ahead.\r\n\r\nOn Mon, Jan 5, 2026 at 10:00 AM Agency <reply+abc@replies.example.com> wrote:\r\n> Shall we publish?\r\n>\r\n> The team\r\n";
    expect(replyText(mail)).toBe("Sounds good, go ahead.");
  });

  it("finds an attribution wrapped over two or three lines", () => {
    expect(
      replyText(
        "Yes.\n\nOn Mon, Jan 5, 2026 at 10:00 AM Casey's Agency Team <\nreply+0123456789abcdef@replies.example.com> wrote:\n\n> Old",
      ),
    ).toBe("Yes.");
    expect(
      replyText(
        "Yes.\n\nOn Monday, January 5, 2026,\nCasey's Agency Team\n<reply+0123@replies.example.com> wrote:\n> Old",
      ),
    ).toBe("Yes.");
  });

  it("drops Apple Mail's and Spanish clients' attributions", () => {
    expect(replyText("Done\n\n> On 5 Jan 2026, at 10:00, Agency <a@b.c> wrote:\n>\n> Old")).toBe("Done");
    expect(replyText("Done\n\nOn 5 Jan 2026, at 10:00, Agency <a@b.c> wrote:\n\nOld text without quote marks")).toBe(
      "Done",
    );
    expect(
      replyText(
        "Listo, gracias.\n\nEl lun, 5 ene 2026 a las 10:00, Agencia (<reply+abc@replies.example.com>) escribió:\n> ¿Publicamos?",
      ),
    ).toBe("Listo, gracias.");
  });

  it("cuts at the first quoted line even without an attribution", () => {
    expect(replyText("New text\n> old text\n> more old text")).toBe("New text");
  });

  it("keeps the person's own sentences that only look like an attribution", () => {
    expect(replyText("On the form I wrote:\nour opening hours")).toBe("On the form I wrote:\nour opening hours");
    expect(replyText("El formulario dice:\nabierto de 9 a 5")).toBe("El formulario dice:\nabierto de 9 a 5");
  });

  it("drops Outlook's original-message block, in English and Spanish", () => {
    expect(
      replyText("Approved.\n\n-----Original Message-----\nFrom: Agency <no-reply@example.com>\nSent: Monday\n\nOld"),
    ).toBe("Approved.");
    expect(replyText("Aprobado.\n\n-----Mensaje original-----\nDe: Agencia\nEnviado: lunes\n\nViejo")).toBe(
      "Aprobado.",
    );
  });

  it("drops Outlook's From/Sent header block and the rule above it", () => {
    const mail =
      "Please call me.\n\n________________________________\nFrom: Agency <no-reply@example.com>\nSent: Monday, January 5, 2026 10:00 AM\nTo: Casey\nSubject: New message\n\nOld";
    expect(replyText(mail)).toBe("Please call me.");
    expect(
      replyText(
        "Llámame.\n\n*De:* Agencia <no-reply@example.com>\n*Enviado el:* lunes, 5 de enero de 2026 10:00\n*Para:* Casey\n\nViejo",
      ),
    ).toBe("Llámame.");
    expect(replyText("Ok\n\nFrom: Agency\nTo: Casey\nDate: Mon, 5 Jan 2026\n\nOld")).toBe("Ok");
  });

  it("keeps a 'From:' line of the new text that no Sent or Date line follows", () => {
    expect(replyText("From: the front desk\nPlease update our hours.")).toBe(
      "From: the front desk\nPlease update our hours.",
    );
  });

  it("drops a signature after the '-- ' delimiter, with or without its trailing space", () => {
    expect(replyText("See attached.\n\n-- \nCasey Customer\nCasey Plumbing")).toBe("See attached.");
    expect(replyText("See attached.\n--\nCasey")).toBe("See attached.");
    expect(replyText("Prices -- as discussed -- are fine.")).toBe("Prices -- as discussed -- are fine.");
  });

  it("leaves nothing when the reply is written under the quote, so the empty message is refused", () => {
    expect(replyText("On Mon, Jan 5, 2026 at 10:00 AM Agency <a@b.c> wrote:\n> Old\n\nMy answer")).toBe("");
    expect(replyText("> Old\n>\n")).toBe("");
  });
});
