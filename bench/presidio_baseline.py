"""Presidio as a baseline: its analyzer with the no-op NLP engine (pattern recognizers only: no
NER model installs here without a download) and its anonymizer, on one string at a time."""

from __future__ import annotations

import logging


class PresidioText:
    def __init__(self) -> None:
        logging.getLogger("tldextract").setLevel(logging.CRITICAL)
        logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
        from presidio_analyzer import AnalyzerEngine
        from presidio_analyzer.nlp_engine import NlpEngineProvider
        from presidio_anonymizer import AnonymizerEngine

        provider = NlpEngineProvider(
            nlp_configuration={"nlp_engine_name": "no_op", "models": [{"lang_code": "en", "model_name": "none"}]}
        )
        self.analyzer = AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])
        self.anonymizer = AnonymizerEngine()

    def text(self, value: str) -> str:
        found = self.analyzer.analyze(text=value, language="en")
        return self.anonymizer.anonymize(text=value, analyzer_results=found).text if found else value
