/** Passwords refused outright: the most common ones in public breach lists, plus local favourites. */
export const COMMON_PASSWORDS = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty 1234567890 1234567 111111 123123 abc123 password1 1q2w3e4r
  000000 iloveyou 1qaz2wsx qwertyuiop 654321 555555 lovely 7777777 welcome 888888 princess dragon 123qwe sunshine
  666666 football monkey letmein baseball master shadow michael superman trustno1 passw0rd password123 admin123
  administrator welcome1 qwerty12 abcd1234 asdfghjkl zxcvbnm 11111111 00000000 12341234 87654321 99999999 88888888
  q1w2e3r4 1q2w3e4r5t qazwsxedc aa123456 a1234567 pass1234 changeme whatever freedom starwars computer internet
  jesus123 blessing godisgood 12345678910 nigeria1 naija123 lagos123 abuja123 password12 iloveyou1 sunshine1
  football1 chelsea1 arsenal1 liverpool manchester chelsea arsenal 147258369 159753 987654321 123654789 asdf1234
  kasuwa123 kasuwa2026 marketplace samsung1 iphone123 loveyou1 mypassword secret123 test1234 testtest`
    .split(/\s+/)
    .filter(Boolean),
);
