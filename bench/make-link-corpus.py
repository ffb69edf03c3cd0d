#!/usr/bin/env python3
"""Writes N links, one per line, in the mix authflow sees: plain and wrapped action links, callbacks, others."""
import random
import sys
from urllib.parse import quote

def enc(text):
    return quote(text, safe="")

def action(rng, i):
    mode = rng.choice(["signIn"] * 6 + ["resetPassword", "verifyEmail"])
    code = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") for _ in range(54))
    return (f"https://project-{i % 97}.firebaseapp.com/__/auth/action?apiKey=AIzaSyBench{i % 1000:04d}"
            f"&mode={mode}&oobCode={code}&continueUrl={enc('https://app.example.com/finish?i=%d' % i)}&lang=en")

def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rng = random.Random(20261121)
    out = sys.stdout
    for i in range(count):
        link = action(rng, i)
        shape = i % 8
        if shape == 1:
            link = "https://nam12.safelinks.protection.outlook.com/?url=" + enc(link) + "&data=05%7C02%7Cx&reserved=0"
        elif shape == 2:
            link = "https://x.page.link/?link=" + enc("https://p.firebaseapp.com/__/auth/links?link=" + enc(link))
        elif shape == 3:
            link = "com.example.app://google/link/?deep_link_id=" + enc(link)
        elif shape == 4:
            link = "https://www.google.com/url?q=" + enc(link) + "&sa=D&source=editors&usg=AOvVaw0"
        elif shape == 5:
            inner = f"https://p.firebaseapp.com/__/auth/callback?authType=verifyApp&recaptchaToken=03AF{i:08d}&eventId=EVT{i:07d}"
            link = "com.googleusercontent.apps.123://firebaseauth/link?deep_link_id=" + enc(inner)
        elif shape == 6:
            link = f"https://www.example.com/news/{i}?utm_source=mail&utm_medium=email"
        out.write(link + "\n")

if __name__ == "__main__":
    main()
