#!/usr/bin/env python3
"""Writes a large web-mail page (HTML) and a large multipart email (.eml) for bench/documents.

Fixed seed. Each holds many ordinary messages' worth of markup and links, with one Firebase email sign-in
link wrapped by Safe Links near the end, so a tool must read the whole document to find it.

Usage: bench/make-document-corpus.py DIR [MEGABYTES]     (default 8 MB each)
"""
import base64
import quopri
import random
import sys
import urllib.parse

directory = sys.argv[1]
target = int(sys.argv[2]) * 1024 * 1024 if len(sys.argv) > 2 else 8 * 1024 * 1024
rng = random.Random(20261121)
words = ("account project invoice meeting schedule update review report team launch budget office "
         "please thanks regards attached notes agenda weekly release customer support").split()

action = ("https://demo-authflow.firebaseapp.com/__/auth/action?mode=signIn&oobCode=BENCHCODE123&apiKey=fake-api-key"
          "&continueUrl=https%3A%2F%2Fexample.com%2Fdone&lang=en")
wrapped = "https://nam12.safelinks.protection.outlook.com/?url=" + urllib.parse.quote(action, safe="") + "&data=05%7C01"


def sentence():
    return " ".join(rng.choice(words) for _ in range(rng.randint(8, 20))).capitalize() + "."


def message_html(index):
    links = "".join(
        f'<li><a href="https://example.com/{rng.choice(words)}/{rng.randint(1, 10**6)}?ref=mail&amp;i={index}">'
        f"{rng.choice(words)}</a></li>" for _ in range(1 if rng.random() < 0.4 else 0))
    body = "".join(f"<p style=\"margin:0 0 8px\">{sentence()} {sentence()}</p>" for _ in range(rng.randint(4, 8)))
    return (f'<div class="msg" id="m{index}"><table role="presentation"><tr><td class="from">'
            f'{rng.choice(words)}@example.com</td></tr><tr><td>{body}<ul>{links}</ul></td></tr></table></div>\n')


# The web-mail page.
parts, size, index = [], 0, 0
while size < target:
    chunk = message_html(index)
    parts.append(chunk)
    size += len(chunk)
    index += 1
parts.insert(len(parts) - 3, f'<div class="msg"><p>Sign in to demo-authflow:</p><a href="{wrapped}">Sign in</a></div>\n')
with open(f"{directory}/page.html", "w") as out:
    out.write("<!doctype html><html><head><meta charset=\"utf-8\"><title>Inbox</title></head><body>\n")
    out.writelines(parts)
    out.write("</body></html>\n")

# The email: quoted-printable text and base64 HTML alternatives, then attachments-like parts, repeated.
boundary = "==bench-boundary=="
sections, size, index = [], 0, 0
while size < target:
    text = "\n".join(sentence() for _ in range(40)) + f"\nhttps://example.com/{rng.randint(1, 10**6)}\n"
    html = message_html(index)
    if size > target * 0.9 and "BENCHCODE" not in "".join(sections[-3:]):
        html += f'<a href="{wrapped}">Sign in</a>'
    section = (f"--{boundary}\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
               + quopri.encodestring(text.encode()).decode() + "\n"
               + f"--{boundary}\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
               + base64.encodebytes(html.encode()).decode() + "\n")
    sections.append(section)
    size += len(section)
    index += 1
with open(f"{directory}/mail.eml", "w") as out:
    out.write(f"From: Demo <noreply@demo-authflow.firebaseapp.com>\nTo: ada@example.com\nSubject: Sign in\n"
              f"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"{boundary}\"\n\n")
    out.writelines(sections)
    out.write(f"--{boundary}--\n")
