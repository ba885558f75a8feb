"""The words the screening rules look for, in the eleven languages (da de en es fi fr it nb
nl pl sv). Patterns read the normalised view of a text (domain.screening): lower case,
look-alike letters folded, leetspeak undone, spaced letters joined."""

from __future__ import annotations

import re

_DIGITS = {
    "0": "zero nul null nolla noll zéro cero",
    "1": "one een eins ein én en ett yksi un une uno jeden",
    "2": "two twee zwei to två kaksi deux dos due dwa",
    "3": "three drie drei tre tres kolme trois trzy",
    "4": "four vier fire fyra neljä quatre cuatro quattro cztery",
    "5": "five vijf fünf fem viisi cinq cinco cinque pięć",
    "6": "six zes sechs seks sex kuusi seis sei sześć",
    "7": "seven zeven sieben syv sju seitsemän sept siete sette siedem",
    "8": "eight acht otte åtte åtta kahdeksan huit ocho otto osiem",
    "9": "nine negen neun ni nio yhdeksän neuf nueve nove dziewięć",
}
DIGIT_WORDS = {word: digit for digit, spelled in _DIGITS.items() for word in spelled.split()}

AT_WORDS = (r"at|arobase|arroba|chiocciola|apenstaartje|snabel-?a|krøllalfa|ät|miukumauku"
            r"|małpa|malpa|klammeraffe")
# The at words that mean nothing else: "at" and "ät" (Swedish: eat) need a mail provider
# or a domain ending after them to make an address.
AT_WORDS_ONLY = (r"arobase|arroba|chiocciola|apenstaartje|snabel-?a|krøllalfa|miukumauku"
                 r"|małpa|malpa|klammeraffe")
DOT_WORDS = r"dot|punkt|point|punto|punt|piste|kropka|prik|punktum"
# Top-level domains a member would type bare; two-letter ones that are everyday words in
# one of the languages (it, me, no, to, at, es, so, be, is, in, us) are left out.
TOP_LEVEL_DOMAINS = (r"com|net|org|info|biz|io|co|uk|de|nl|fr|pl|se|dk|fi|ru|eu|ch|ly|gl"
                     r"|xyz|top|site|online|club|vip|live|app|link|shop|store|cc|tk|ml|ws"
                     r"|pw|icu|cam|date|love|dating|chat")
SHORTENERS = (r"bit\.ly|t\.me|wa\.me|m\.me|tinyurl\.com|goo\.gl|ow\.ly|is\.gd|cutt\.ly"
              r"|rebrand\.ly|t\.co|shorturl\.at|rb\.gy|linktr\.ee|snapchat\.com|instagram\.com")
MAIL_PROVIDERS = (r"gmail|googlemail|hotmail|yahoo|outlook|live|icloud|me|gmx|web|mail"
                  r"|proton|protonmail|aol|yandex|wp|onet|o2|interia|libero|orange|free"
                  r"|laposte|telenet|ziggo|kpnmail|t-online|seznam|hotmail|msn")
TOP_LEVEL_DOMAINS_AT_END = r"(?:" + TOP_LEVEL_DOMAINS + r")$"

# The brands' own names may carry a case ending ("telegramiin", "snapchacie",
# "whatsappie"); the everyday words among the names (line, signal, tele, snap, session)
# may not.
MESSENGERS = (r"whats\s?app\w*|whatsap+\w*|watsap+\w*|wats\s?app\w*|wathsapp|w\.?app"
              r"|telegram\w*|tele|snap\s?cha\w*|snap|kik|insta\s?gram\w*|insta|ig|signal"
              r"|skype\w*|hangouts?|line|we\s?chat|viber\w*|facebook|fb|messenger|discord"
              r"|threema|icq|tiktok|wickr|session|imo|zangi|google\s?chat|gmail")
# "add me", "write to me", "my id", ... in the eleven languages.
CONTACT_CUES = (
    r"add me|write me|text me|message me|contact me|reach me|find me|call me|dm me|hit me up"
    r"|chat on|talk on|move to|switch to|let'?s go to|my (?:id|user\s?name|user|nick|handle)"
    r"|adde? mich|schreib(?:e)? mir|kontaktier(?:e)? mich|meine? (?:nummer|id)"
    r"|ajoute[- ]moi|écris[- ]moi|contacte[- ]moi|mon (?:numéro|id|pseudo)"
    r"|agrégame|agregame|escríbeme|escribeme|contáctame|mi (?:número|numero|usuario|id)"
    r"|aggiungimi|scrivimi|contattami|il mio (?:numero|id)"
    r"|voeg me toe|stuur me|app me|mijn (?:nummer|id)"
    r"|tilføj mig|skriv til mig|mit (?:nummer|id)|legg meg til|skriv til meg|mitt (?:nummer|id)"
    r"|lägg till mig|skriv till mig|lisää minut|kirjoita minulle|numeroni"
    r"|dodaj mnie|napisz do mnie|pisz na|mój (?:numer|id)"
)
# Between a messenger's name and an @handle: "is", "c'est", "to", "on", ... in any language.
_LINK_WORDS = r"(?:[\w']{1,7}\s+){0,2}"
# A handle: "@name", a number, "id: name", or a name that no word looks like (with a
# digit, an underscore or a dot inside: "lovely_anna90", "kitty.cat").
_HANDLE = (r"(?:@\s?[a-z0-9_.]{3,}|\+?\d[\d\s\-]{3,}\d"
           r"|(?:id|user\s?name|user|nick|handle)\s*[:=]?\s*[a-z0-9_.]{3,}"
           r"|[^\W\d_][^\W_]*[_.\d][\w.]{2,})")

_MONEY_VERBS = (
    r"send|sending|lend|loan|wire|transfer|borrow|need|pay for|help me with"
    r"|schick(?:e|st)?|sende|senden|überweise|überweisen|überweisung|leih(?:e|en)?|brauche"
    r"|envoie|envoyer|envoies|prête|prêter|prêtes|virement|vire|besoin"
    r"|envía(?:me)?|enviar|manda(?:me)?|mándame|presta(?:me)?|préstame|transferencia"
    r"|necesito|prestas|prestarme|transferir|invia(?:mi)?|inviare|inviarmi|mandami|mandare"
    r"|mandarmi|presti|prestarmi|prestami|bonifico|ho bisogno"
    r"|stuur|sturen|leen|lenen|overmaken|maak over|nodig|låne|lån mig|lån meg|overfør(?:e)?"
    r"|brug for"
    r"|trenger|skicka|låna|överför|föra över|behöver|lähetä|lähettää|lähetätkö|lainaa|lainata"
    r"|lainaisitko|siirrä|siirtää|siirrätkö|tarvitsen|tarvitsisin"
    r"|wyślij|wysłać|wyślesz|prześlij|przesłać|pożycz|pożyczyć|pożyczysz|przelej|przelać"
    r"|przelew|potrzebuję"
    # the countries' payment apps as verbs ("vippse meg 500 kr", "swisha mig", "zrób mi
    # blika"), a loan as a noun, and "I am short of"
    r"|vippse|vippser|swisha|swishar|mobilepaye|mobilepay mig|blika|blikiem|bizum\w*|tikkie"
    r"|prestito|préstamo|prêt|laina|lainaa|pożyczk\w*|mangler|saknar|brakuje mi"
    r"|me faltan|mi mancano|il me manque|mir fehlen"
)
# Dutch and German put the verb last ("kun je me 300 euro sturen", "250 Euro an meinen
# Freund überweisen"): these verbs also count after the amount or the money.
_MONEY_VERBS_LAST = (r"sturen|opsturen|lenen|overmaken|storten|nodig|helpen"
                     r"|schicken|senden|leihen|überweisen|borgen|brauche")
_MONEY_NOUNS = (r"money|cash|funds|geld|argent|fric|dinero|plata|soldi|denaro|penge|penger"
                r"|pengar|rahaa?|pieniądze|pieniędzy|kasę|kasy")
_CURRENCY = (r"€|\$|£|eur|euro|euros|euroa|euron|eurolla|dollar|dollars|usd|usdt|pounds?|gbp"
             r"|kr|kroner|kronor"
             r"|kronen|sek|nok|dkk|zł|zl|złotych|zlotych|pln|chf|btc")
_AMOUNT = r"(?:\d+(?:[.,]\d+)?\s?(?:" + _CURRENCY + r")(?!\w)|(?:€|\$|£)\s?\d+)"

_GIFT_BRANDS = (r"steam|itunes|apple|google\s?play|amazon|ebay|razer\s?gold|vanilla|sephora"
                r"|xbox|playstation|psn|netflix|pcs|postepay|transcash|neosurf")
_CARD_WORDS = (r"cards?|gift\s?cards?|karten?|gutschein|cartes?|tarjetas?|carta|kaart(?:en)?"
               r"|cadeaubon|tegoed|\w*kort\w*|kart[aęyi]|codes?"
               r"|voucher|recharge|ricarica|coupon|bon")
# The card before the brand: "une carte Steam", "tarjeta de iTunes", "kartę Steam".
_CARD_FIRST = (r"cards?|cartes?|tarjetas?|carta|kart[aęyi]|karten?|recharge|ricarica|coupons?"
               r"|codes?|codice|código|kod|koodi|voucher")
_GIFT_ALONE = (r"paysafe\s?card|paysafe|transcash|neosurf|pcs\s?mastercard|steam\s?wallet"
               r"|ticket\s?premium")

_TRANSFER = (r"western\s?union\w*|money\s?gram\w*|world\s?remit|remitly|ria\s?(?:money|transfer)"
             r"|xoom|transfer\s?wise|azimo|small\s?world")

_INVEST = (r"invest\w*|investier\w*|investition\w*|investi[rs]\w*|investissement\w*|invert\w*"
           r"|inviert\w*|zainwest\w*"
           r"|inversi[oó]n\w*|investiment\w*|investeer\w*|investering\w*|investere|investera"
           r"|sijoit\w*|inwest\w*")
_PER = r"per|pro|par|al|a|w|i|om|på|ogni|cada|co|each|every|a la"
_PERIODS = (r"days?|weeks?|months?|tag|woche|monat|jour|semaine|mois|día|semana|mes|giorno"
            r"|settimana|mese|dag|dagen|uge|uke|vecka|week|maand|måned|månad|dzień|tydzień"
            r"|miesiąc|päivä|viikko|kuukausi")
_INVEST_OBJECTS = (r"usdt|bitcoin|btc|crypto\w*|krypto\w*|cripto\w*|forex|platform\w*"
                   r"|plattform\w*|plateforme|plataforma|piattaforma|alusta\w*|profit\w*"
                   r"|gewinn\w*|winst|bénéfices?|ganancias?|guadagn\w*|fortjeneste|vinst\w*"
                   r"|voitto\w*|zysk\w*|rendite|rendement|rendimento|returns?|trading|mining"
                   r"|binance|double your money|\d+\s?%")
EMERGENCY_WORDS = re.compile(
    r"\b(?:stuck|stranded|airport|customs|hospital|visa|ticket|fee|surgery|robbed|stolen"
    r"|flughafen|zoll|krankenhaus|festgesessen|ausgeraubt|aéroport|douane|hôpital|bloqué"
    r"|aeropuerto|aduana|atrapad[oa]|robad[oa]|aeroporto|dogana|ospedale|bloccat[oa]"
    r"|vliegveld|luchthaven|ziekenhuis|vast|beroofd|lufthavn|told|sygehus|sykehus|fast"
    r"|flygplats|tull|sjukhus|lentokentä\w*|tulli|sairaala\w*|jumissa|lotnisk\w*|cło|cła"
    r"|szpital\w*|utknąłem|utknęłam)\b")

_NEAR = r"[^.!?\n]{0,40}?"

# A promise to pay back is a loan asked for, whatever the amount is written like.
_REPAY = (r"pay (?:you|it|that|this) back|repay you"
          r"|zurück(?:zahlen|zuzahlen)|zahle (?:dir|es|ich)[^.!?\n]{0,25}zurück"
          r"|terugbetalen|betaal (?:je|het|jou)[^.!?\n]{0,10}terug"
          r"|te rembourser|vous rembourser|rembourserai"
          r"|te (?:lo )?devolver[éa]|devolv[ée]rtelo|te lo devuelvo"
          r"|ti restituir[òo]|restituirti|te li ridar[òo]|ti ridar[òo]"
          r"|betale? (?:dig |deg )?tilbage|betale? (?:deg )?tilbake|betala tillbaka"
          r"|betalar tillbaka|maksan (?:sinulle )?takaisin|oddam ci|zwrócę ci|oddam pieniądze")

# (reason, pattern): the reason is a domain.screening.Reason value.
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("messenger", re.compile(
        r"\b(?:" + MESSENGERS + r")\b[\s:=\-]{0,4}(?:me\b[\s:=\-]*)?(?:is\s|ist\s|est\s|es\s|è\s"
        r"|er\s|är\s|on\s|jest\s)?\s*" + _HANDLE)),
    ("messenger", re.compile(
        r"\b(?:" + MESSENGERS + r")\b[\s:=\-]{0,4}" + _LINK_WORDS + r"@\s?[a-z0-9_.]{3,}")),
    ("messenger", re.compile(
        r"\b(?:" + CONTACT_CUES + r")\b[^.!?\n]{0,30}?\b(?:" + MESSENGERS + r")\b")),
    ("messenger", re.compile(  # "WhatsApp? add me there"
        r"\b(?:" + MESSENGERS + r")\b[^.!?\n]{0,20}?\b(?:" + CONTACT_CUES + r")\b")),
    ("messenger", re.compile(r"\b(?:whats\s?app|telegram|snap\s?chat|kik|signal|viber"
                                   r"|we\s?chat|skype)\s+me\b")),
    ("money_request", re.compile(
        r"\b(?:" + _MONEY_VERBS + r")\b" + _NEAR + r"(?:\b(?:" + _MONEY_NOUNS + r")\b|"
        + _AMOUNT + r")")),
    ("money_request", re.compile(
        r"(?:\b(?:" + _MONEY_NOUNS + r")\b|" + _AMOUNT + r")" + _NEAR + r"\b(?:"
        + _MONEY_VERBS_LAST + r")\b")),
    ("money_request", re.compile(r"\b(?:" + _REPAY + r")\b")),
    ("money_request", re.compile(  # "can you send 300 by Western Union"
        r"\b(?:" + _MONEY_VERBS + r")\b" + _NEAR + r"\b\d{2,6}\b" + _NEAR + r"\b(?:"
        + _TRANSFER + r")")),
    ("gift_card", re.compile(
        r"\b(?:" + _GIFT_BRANDS + r")\b[\s\-]{0,3}(?:\w+\s){0,2}?(?:" + _CARD_WORDS + r")\b")),
    ("gift_card", re.compile(
        r"\b(?:" + _CARD_FIRST + r")\b[\s\-]{1,3}(?:\w+\s){0,1}?(?:" + _GIFT_BRANDS + r")\b")),
    ("gift_card", re.compile(r"\b(?:" + _GIFT_ALONE + r")\w*\b")),
    ("transfer_service", re.compile(r"\b(?:" + _TRANSFER + r")\b")),
    ("investment", re.compile(  # a return promised per day, week or month
        r"\d+\s?%[^.!?\n]{0,30}?\b(?:" + _PER + r")\s?(?:" + _PERIODS + r")\b")),
    ("investment", re.compile(
        r"\b(?:" + _INVEST + r")\b[^\n]{0,60}?(?:\b(?:" + _INVEST_OBJECTS + r")\b|"
        + _AMOUNT + r")")),
)
