// Reports about stored data that could not be used and was kept aside.
export default {
  en: {
    'storage.quarantined.one': '{count} saved item could not be read.',
    'storage.quarantined.few': '{count} saved items could not be read.',
    'storage.quarantined.many': '{count} saved items could not be read.',
    'storage.keptAside': 'It was kept aside, not deleted; the referee started without it.',
    'storage.problem.match': 'Match {id}: {reason}',
    'storage.problem.all': 'Saved matches: {reason}',
    'storage.problem.settings': 'Settings: not valid; the usable part was kept, the rest set to defaults.',
  },
  ru: {
    'storage.quarantined.one': 'Не удалось прочесть {count} сохранённую запись.',
    'storage.quarantined.few': 'Не удалось прочесть {count} сохранённые записи.',
    'storage.quarantined.many': 'Не удалось прочесть {count} сохранённых записей.',
    'storage.keptAside': 'Она отложена в сторону, а не удалена; судья начал работу без неё.',
    'storage.problem.match': 'Матч {id}: {reason}',
    'storage.problem.all': 'Сохранённые матчи: {reason}',
    'storage.problem.settings': 'Настройки: неверные; пригодное сохранено, остальное сброшено к умолчаниям.',
  },
} satisfies { en: Record<string, string>; ru: Record<string, string> }
