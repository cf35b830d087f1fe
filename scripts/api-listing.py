#!/usr/bin/env python3
"""Prints a module's public API from its symbol graphs: one declaration a line, sorted.

What the compiler synthesizes (`!=`, `hashValue`) and what sits behind an SPI is left out, so the
listing changes exactly when a declaration an app or a plug-in author can use changes.
"""
import glob
import json
import os
import sys


def listing(directory, module):
    lines = set()
    for path in sorted(glob.glob(os.path.join(directory, module + '*.symbols.json'))):
        graph = json.load(open(path))
        extended = os.path.basename(path)[len(module):].split('.symbols.json')[0].lstrip('@')
        prefix = f'(extends {extended}) ' if extended else ''
        names = {}
        for symbol in graph['symbols']:
            names[symbol['identifier']['precise']] = '.'.join(symbol['pathComponents'])
            if symbol.get('spi') or 'location' not in symbol:
                continue
            declaration = ' '.join(''.join(f['spelling'] for f in symbol.get('declarationFragments', [])).split())
            owner = '.'.join(symbol['pathComponents'][:-1])
            lines.add(f"{prefix}{owner + ': ' if owner else ''}{declaration}")
        for relation in graph.get('relationships', []):
            if relation['kind'] != 'conformsTo' or relation['source'] not in names:
                continue
            target = relation.get('targetFallback') or names.get(relation['target'], relation['target'])
            lines.add(f"{prefix}{names[relation['source']]} conforms to {target.split('.')[-1]}")
    return sorted(lines)


if __name__ == '__main__':
    print('\n'.join(listing(sys.argv[1], sys.argv[2])))
