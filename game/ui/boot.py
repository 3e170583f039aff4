# Entry point run by PyScript (see index.html). Placeholder until the table lands.
from pyscript import document

document.documentElement.dataset.ready = "1"
