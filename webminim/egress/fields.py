"""Field semantics: what kind of data an argument path carries, from its key, the schema's
description / format / enum, mapped onto the PSD taxonomy.

    profile("current_salary")               -> F  (a bare number there is financial PSD)
    profile("reference_names")              -> DI (third parties' identities)
    profile("bg", "Background check result")-> QI
    profile("notes")                        -> free text (clause-level layer, no whole-value item)
    profile("amount", tool="Set the employee's expected salary") -> F  (a generic key takes the tool's word)

A field whose key says nothing of its own (`value`, `amount`, `result`...) and whose
description is silent takes its meaning from the tool's description: `record_check(result)`
"Store a candidate's criminal background check" makes `result` background data. Names of the
tool's subject ("candidate", "patient") never make its fields a person's name.

Key cues are small multilingual lexicons (English, German, Spanish, French) written from
general vocabulary; when none fires, the descriptor is matched against category
descriptions with MiniLM (static embeddings, see `semantic`), with a conservative threshold.
Profiles are cached per descriptor, never computed per call.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from webminim.egress import semantic
from webminim.egress.taxonomy import Category


@dataclass(frozen=True, slots=True)
class FieldProfile:
    category: Category | None = None  # PSD a whole value in this field is, if any
    kind: str = ""  # e.g. salary, diagnosis, third_party, home_address
    free_text: bool = False  # notes, message, body, ...: clause-level minimization
    expects: frozenset[str] = frozenset()  # finding kinds that are this field's own value
    source: str = ""  # "key", "description", "minilm" (for audits and tests)


_EMPTY = FieldProfile()

# (kind, category, expected finding kinds, pattern over the words of the key/description)
_CUES: tuple[tuple[str, Category, frozenset[str], re.Pattern[str]], ...] = tuple(
    (kind, cat, frozenset(expects), re.compile(rx, re.I))
    for kind, cat, expects, rx in (
        (
            "financial",
            Category.F,
            ("financial", "account_number", "iban", "card_number"),
            r"\b(?:salary|salaries|income|incomes|wages?|earnings|compensation|pay ?rate|payroll|bonus|net ?worth|"
            r"credit ?score|credit ?history|debts?|bank ?balance|account ?balance|savings|tax ?return|"
            r"gehalt|einkommen|lohn|verdienst|schulden|salario|sueldo|ingresos?|deudas?|salaire|revenus?|dettes?)\b",
        ),
        (
            "health",
            Category.H,
            ("health", "medication", "medical_facility", "diagnosis_code"),
            r"\b(?:diagnos[ie]s|diagnosis|diagnosed|medical|health|illness(?:es)?|disease|conditions?|symptoms?|"
            r"medications?|medicines?|prescriptions?|allerg(?:y|ies)|treatments?|disabilit(?:y|ies)|"
            r"pregnan(?:cy|t)|mental|psychiatric|therapy|krankheit|erkrankung|diagnose|befund|medikamente?|"
            r"diagn[oó]stico|enfermedad|s[ií]ntomas?|medicaci[oó]n|maladie|m[eé]dical|sant[eé]|traitement)\b",
        ),
        (
            "background",
            Category.QI,
            (),
            r"\b(?:background ?checks?|criminal|convictions?|arrests?|police ?records?|immigration|visa ?status|"
            r"citizenship|nationality|gender|sex|marital ?status|ethnicity|race|sexual ?orientation|"
            r"date ?of ?birth|birth ?(?:date|day|year|month|place)|year ?of ?birth|place ?of ?birth|birthday|bday|"
            r"dob|age|geburtsdatum|geburtsjahr|fecha ?de ?nacimiento|"
            r"date ?de ?naissance|vorstrafen|antecedentes)\b",
        ),
        (
            "beliefs",
            Category.R,
            (),
            r"\b(?:religion|religious|faith|political|union ?membership|trade ?union|affiliations?|"
            r"family|spouse|children|dependents|relatives?)\b",
        ),
        (
            "credentials",
            Category.DI,
            ("credential",),
            r"\b(?:passwords?|passwd|pwd|passcodes?|pass ?phrase|pin ?(?:code|number)|one ?time ?(?:code|password)|"
            r"otp|(?:verification|security|2fa|mfa|auth) ?codes?|cc ?csc|cvv|cvc|api ?keys?|access ?tokens?|"
            r"auth ?tokens?|secret ?keys?|client ?secret|private ?keys?|kennwort|passwort|contrase[nñ]a)\b",
        ),
        (
            "third_party",
            Category.DI,
            ("person_name", "email", "phone"),
            r"\b(?:references?|referees?|emergency ?contacts?|next ?of ?kin|guardians?|referenzen|referencias|"
            r"r[eé]f[eé]rences)\b",
        ),
        (
            "national_id",
            Category.DI,
            ("ssn", "national_id", "passport_number", "account_number"),
            r"\b(?:ssn|social ?security|national ?id|tax ?id|tin|passport|drivers? ?licen[cs]e|licen[cs]e ?number|"
            r"f(?:ü|ue|u)hrerschein(?:nummer)?|permis ?de ?conduire|licencia ?de ?conducir|rijbewijs(?:nummer)?|"
            r"personalausweis|steuer ?id|steuer ?identifikationsnummer|dni|nie|nif|"
            r"num[eé]ro ?de ?s[eé]curit[eé] ?sociale|bsn|burgerservicenummer|codice ?fiscale|nino|"
            r"national ?insurance ?(?:number|no)|social ?insurance ?number|ahv|pesel|personnummer|cpr)\b",
        ),
        (
            "home_address",
            Category.L,
            ("street_address", "zip", "city", "gps"),
            r"\b(?:home ?address|street ?address|residential ?address|residence|domicile|home|street|"
            r"anschrift|wohnadresse|wohnort|stra(?:ss|ß)e|direcci[oó]n|domicilio|adresse|domicile)\b",
        ),
        (
            "person_name",
            Category.DI,
            ("person_name",),
            r"\b(?:full ?name|first ?name|last ?name|surname|family ?name|given ?name|candidate|patient|employee ?name|"
            r"applicant|nachname|vorname|apellidos?|nombre ?completo|nom ?de ?famille|pr[eé]nom)\b",
        ),
    )
)
# Keys that hold a place, a recipient, a date...: no PSD by themselves, but their own kind of
# value is what they are for (a city in `city`, an e-mail in `payee_email`).
_EXPECT_ONLY: tuple[tuple[frozenset[str], re.Pattern[str]], ...] = tuple(
    (frozenset(kinds), re.compile(rx, re.I))
    for kinds, rx in (
        (
            ("city", "zip", "street_address", "gps"),
            r"\b(?:city|town|location|place|destination|origin|address|"
            r"venue|where|region|area|zip|postal ?code|postcode|near|coordinates|lat|lon|lng|stadt|ciudad|ville)\b",
        ),
        (("email", "person_name"), r"\b(?:e ?mail|recipients?|to|cc|bcc|payee|sender|from|attendees?|invitees?)\b"),
        (("phone",), r"\b(?:phone|mobile|telephone|tel|cell|sms|whatsapp)\b"),
        (("person_name",), r"\b(?:name|names|passenger|guest|attendee|contact|holder|payee|traveller|traveler)\b"),
        (("date", "schedule"), r"\b(?:date|day|time|start|end|when|deadline|check ?in|check ?out)\b"),
        (("account_number", "iban", "card_number"), r"\b(?:account|iban|card|routing|acct|to ?account)\b"),
        (("medication",), r"\b(?:drug|medication|rx)\b"),
        (("crypto_address",), r"\b(?:wallet|bitcoin|btc|ethereum|eth|crypto|payout ?address|deposit ?address)\b"),
        (("mac_address",), r"\b(?:mac|mac ?address|hardware ?address|bssid)\b"),
        (("ip_address",), r"\b(?:ip|ip ?address|ipv4|ipv6|host|server)\b"),
    )
)
_FREE_TEXT = re.compile(
    r"\b(?:notes?|message|msg|body|text|content|description|details|comments?|remarks?|memo|instructions?|"
    r"thoughts?|summary|reason|bio|about|feedback|request|requests|explanation|context|prompt|query|q|"
    r"notiz(?:en)?|nachricht|mensaje|notas?|commentaires?)\b",
    re.I,
)
_PROTOTYPES: tuple[tuple[str, Category, str], ...] = (
    ("financial", Category.F, "salary income wages pay earnings compensation debt money owed bank balance"),
    ("health", Category.H, "medical diagnosis illness disease symptoms medication treatment health condition"),
    ("background", Category.QI, "criminal record arrest conviction police background check immigration status"),
    ("third_party", Category.DI, "personal references referees emergency contact people who vouch"),
)
# Keys that name no content of their own: their meaning is the tool's (modifiers may precede them).
_GENERIC_KEY = frozenset(
    [
        "value",
        "values",
        "amount",
        "amounts",
        "result",
        "results",
        "data",
        "info",
        "information",
        "record",
        "entry",
        "status",
        "answer",
        "response",
        "input",
        "payload",
        "item",
        "figure",
        "level",
        "score",
        "outcome",
        "finding",
        "findings",
    ]
)
_MODIFIER = frozenset(
    ["new", "old", "current", "previous", "expected", "actual", "final", "raw", "updated", "latest", "the"]
)
_MINILM_THRESHOLD = 0.62
_MINILM_MARGIN = 0.08


def words(text: str) -> str:
    """`currentSalary`, `current_salary`, `current-salary` -> "current salary"."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    return " ".join(re.split(r"[^0-9A-Za-zÀ-ÿß]+", spaced)).strip().lower()


@lru_cache(maxsize=4096)
def profile(key: str, description: str = "", fmt: str = "", enum: tuple[str, ...] = (), tool: str = "") -> FieldProfile:
    """The profile of one argument field (cached per descriptor); `tool` is the tool's own
    description, read only for a generic key with no PSD cue of its own."""
    name = words(key)
    desc = words(description)
    expects: set[str] = set()
    for kinds, rx in _EXPECT_ONLY:
        if rx.search(name):
            expects |= kinds
    if fmt in ("email", "idn-email"):
        expects.add("email")
    if fmt in ("date", "date-time"):
        expects.add("date")
    free = bool(_FREE_TEXT.search(name)) and fmt == "" and not enum
    for source, text in (("key", name), ("description", desc)):
        if not text:
            continue
        for kind, category, kinds, rx in _CUES:
            if rx.search(text):
                if source == "description" and (free or expects) and kind in ("home_address", "person_name"):
                    continue  # "the guest's name" describes a name field, not a PSD field
                del kinds  # PSD kinds are never "what the field is for": a required `ssn` still holds PSD
                return FieldProfile(category, kind, free, frozenset(expects), source)
        if source == "key" and (free or expects):
            break  # a recognised non-PSD key (city, notes, to...): its description only refines
    if free or expects:
        return FieldProfile(None, "", free, frozenset(expects), "key")
    if tool and not enum and _generic(name):
        text = words(tool)
        for kind, category, _, rx in _CUES:
            if kind != "person_name" and rx.search(text):
                return FieldProfile(category, kind, False, frozenset(), "tool")
    descriptor = " ".join(part for part in (name, desc) if part)
    if descriptor:
        scored = sorted(
            ((semantic.similarity(descriptor, text), kind, category) for kind, category, text in _PROTOTYPES),
            reverse=True,
        )
        (best, kind, category), runner_up = scored[0], scored[1][0]
        if best >= _MINILM_THRESHOLD and best - runner_up >= _MINILM_MARGIN:
            return FieldProfile(category, kind, False, frozenset(), "minilm")
    return _EMPTY


_WORD = re.compile(r"[^\W\d_]{2,}")
_CODE = re.compile(r"\w\(|[{}=<>\[\]\\]")  # a call, an assignment, brackets: code, not prose
PROSE_WORDS = 4  # a value of this many words is written text, whatever its key is called


def written_text(value: str, profile: FieldProfile) -> bool:
    """Is this value free text: a field named for it (notes, message...), or prose (a `fault`, an
    `accessibility_needs`, a list item "the office where I report after prison") in a field
    that holds no PSD kind and no place, recipient or date of its own."""
    if profile.free_text:
        return True
    if profile.category is not None or profile.expects:
        return False
    return len(_WORD.findall(value)) >= PROSE_WORDS and not _CODE.search(value)


def _generic(name: str) -> bool:
    """ "amount", "new value", "result": a key that names no content of its own."""
    parts = name.split()
    return bool(parts) and parts[-1] in _GENERIC_KEY and all(p in _MODIFIER or p in _GENERIC_KEY for p in parts)


def warm_up() -> None:
    """Load the embedding table and the category prototypes before any call's budget starts."""
    for _, _, text in _PROTOTYPES:
        semantic.embed(text)
