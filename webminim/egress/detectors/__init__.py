"""PSD detectors: small classes with one `detect(text, field)`, collected in a registry.

Validated patterns come from well-kept libraries (python-stdnum checksums for SSN, card
and IBAN numbers, phonenumbers, usaddress for street addresses); entity lexicons (data
files in `lexicons/`) are matched with one Aho–Corasick automaton. Cheap regex prefilters
run first so the expensive parsers only see text that can match. One module a family:
`base` (the finding, the protocol, overlaps), `contact`, `ids`, `national_ids`, `digital`, `people`,
`places`, `dates`, `lexicon`; this module is their registry.
"""

from __future__ import annotations

from webminim.egress.detectors.base import Detector, Finding, disjoint, resolve_overlaps
from webminim.egress.detectors.contact import EmailDetector, PhoneDetector
from webminim.egress.detectors.dates import DateDetector, ScheduleDetector
from webminim.egress.detectors.digital import CryptoAddressDetector, MACAddressDetector
from webminim.egress.detectors.ids import (
    AccountNumberDetector,
    CardDetector,
    CredentialDetector,
    DrivingLicenceDetector,
    IBANDetector,
    ICD10Detector,
    IPAddressDetector,
    PassportDetector,
    SSNDetector,
)
from webminim.egress.detectors.lexicon import LEXICON_FILES, LexiconDetector
from webminim.egress.detectors.national_ids import NationalIDDetector
from webminim.egress.detectors.people import AgeDetector, NameDetector
from webminim.egress.detectors.places import (
    CityDetector,
    DwellingUnitDetector,
    EuropeanAddressDetector,
    GPSDetector,
    PostcodeDetector,
    StreetAddressDetector,
    StreetTypeAddressDetector,
    ZipDetector,
)

__all__ = [
    "LEXICON_FILES",
    "AccountNumberDetector",
    "AgeDetector",
    "CardDetector",
    "CityDetector",
    "CredentialDetector",
    "CryptoAddressDetector",
    "DrivingLicenceDetector",
    "DateDetector",
    "Detector",
    "DwellingUnitDetector",
    "EmailDetector",
    "EuropeanAddressDetector",
    "Finding",
    "GPSDetector",
    "IBANDetector",
    "ICD10Detector",
    "IPAddressDetector",
    "LexiconDetector",
    "MACAddressDetector",
    "NameDetector",
    "NationalIDDetector",
    "PassportDetector",
    "PhoneDetector",
    "PostcodeDetector",
    "SSNDetector",
    "ScheduleDetector",
    "StreetAddressDetector",
    "StreetTypeAddressDetector",
    "ZipDetector",
    "default_detectors",
    "disjoint",
    "resolve_overlaps",
]


def default_detectors() -> list[Detector]:
    """Every detector, the registry a ToolMinimizer starts from."""
    return [
        EmailDetector(),
        NationalIDDetector(),
        PhoneDetector(),
        SSNDetector(),
        CardDetector(),
        IBANDetector(),
        AccountNumberDetector(),
        IPAddressDetector(),
        CryptoAddressDetector(),
        MACAddressDetector(),
        NameDetector(),
        StreetAddressDetector(),
        EuropeanAddressDetector(),
        StreetTypeAddressDetector(),
        DwellingUnitDetector(),
        PostcodeDetector(),
        ICD10Detector(),
        PassportDetector(),
        DrivingLicenceDetector(),
        ZipDetector(),
        GPSDetector(),
        CityDetector(),
        DateDetector(),
        ScheduleDetector(),
        AgeDetector(),
        CredentialDetector(),
        LexiconDetector(),
    ]
