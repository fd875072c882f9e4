/// The beat-map editor behind `beatmap edit` (the Editor trait).
public enum BeatmapEditorModule {}
