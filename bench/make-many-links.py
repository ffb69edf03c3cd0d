#!/usr/bin/env python3
"""Writes documents holding COUNT distinct links with the Firebase sign-in link last, for measuring
`authflow link inspect` on pages with many links (a long newsletter, a mail archive).

  DIR/page.html   one <a href> per line
  DIR/text.eml    a text/plain email, one URL per line
  DIR/mime.eml    multipart/alternative: half the links in a text/plain part, half in a text/html part,
                  the sign-in link last in the HTML part

Link paths count in base 36 so that a million links fit within the 32 MiB document limit.

Usage: bench/make-many-links.py DIR COUNT
"""
import sys

directory, count = sys.argv[1], int(sys.argv[2])
action = ("https://demo-authflow.firebaseapp.com/__/auth/action?apiKey=fake-api-key&mode=signIn"
          "&oobCode=MANYLINKSCODE&lang=en")


def base36(number):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = digits[rest] + text
        if number == 0:
            return text


def url(index):
    return f"https://t.co/{base36(index)}"


def html_lines(indices):
    return "".join(f"<a href={url(i)}>x</a>\n" for i in indices)


def text_lines(indices):
    return "".join(f"{url(i)}\n" for i in indices)


headers = "From: news@example.com\r\nTo: ada@example.com\r\nSubject: Newsletter\r\nMIME-Version: 1.0\r\n"

with open(f"{directory}/page.html", "w") as out:
    out.write("<!doctype html><html><head><meta charset=\"utf-8\"></head><body>\n")
    out.write(html_lines(range(count)))
    out.write(f"<a href=\"{action.replace('&', '&amp;')}\">Sign in</a>\n</body></html>\n")

with open(f"{directory}/text.eml", "w") as out:
    out.write(headers + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
    out.write(text_lines(range(count)))
    out.write(action + "\n")

half = count // 2
with open(f"{directory}/mime.eml", "w") as out:
    out.write(headers + "Content-Type: multipart/alternative; boundary=\"b1\"\r\n\r\n")
    out.write("--b1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
    out.write(text_lines(range(half)))
    out.write("\r\n--b1\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
    out.write("<html><body>\n" + html_lines(range(half, count)))
    out.write(f"<a href=\"{action.replace('&', '&amp;')}\">Sign in</a>\n</body></html>\n\r\n--b1--\r\n")
